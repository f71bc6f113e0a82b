from graph_lab import trace, F
def main():
    print("main ran", __name__)
    return 0
if __name__ == "__main__":
    main()
else:
    print("imported")
print(__name__ == "__main__")
trace(lambda x: F.exp(x), {"x": (2,)})
