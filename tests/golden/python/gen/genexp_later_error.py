g = (1 / x for x in [1, 0])
print("made")
print(next(g))
print(next(g))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
