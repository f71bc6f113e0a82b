def k(x):
    print("key", x)
    return -x
print(sorted([2, 3, 1], key=k))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
