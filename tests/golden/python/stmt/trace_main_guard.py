from graph_lab import trace, F
def model(x, w):
    h = x @ w
    return F.softmax(h, axis=-1)
if __name__ == "__main__":
    g = trace(model, {"x": (2, 3), "w": (3, 5)})
    print("traced")
