def g():
    yield 1
print(list(reversed(g())))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
