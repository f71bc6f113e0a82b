def g():
    yield 1
it = g()
print(next(it, "a"), next(it, "b"), next(it, "c"))
print(next(iter([]), 42))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
