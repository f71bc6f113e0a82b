def g():
    yield 1
    yield 1 / 0
    yield 3
it = g()
print(next(it))
print(next(it))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
