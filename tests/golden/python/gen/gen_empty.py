def g():
    return
    yield
print(list(g()))
def h():
    if False:
        yield 1
print(list(h()), sum(h()), any(h()), all(h()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
