g = (x for x in [1, 2])
print(list(g), list(g), sum(g))
print(any(g), all(g))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
