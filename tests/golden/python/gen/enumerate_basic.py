for i, c in enumerate("abc"):
    print(i, c)
print(list(enumerate([10, 20], 1)), list(enumerate([10, 20], start=-2)))
e = enumerate(x * x for x in range(3))
print(next(e), list(e))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
