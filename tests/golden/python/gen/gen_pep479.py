def g():
    it = iter([1])
    yield next(it)
    yield next(it)
print(list(g()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
