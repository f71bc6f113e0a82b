def g():
    yield
    x = yield
    print("x", x)
    yield None
print(list(g()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
