def src():
    print("src evaluated")
    return [1, 2]
def inner():
    print("inner evaluated")
    return [10, 20]
g = ((a, b) for a in src() for b in inner())
print("made")
print(list(g))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
