from graph_lab import trace, F
counter = 0
def inc(by=1):
    global counter
    counter += by
    return counter
inc(); inc(5)
print(counter)
def make():
    global fresh
    fresh = "made"
make()
print(fresh)
trace(lambda x: F.exp(x), {"x": (2,)})
