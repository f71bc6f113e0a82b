x = "global"
def g():
    x = "local"
    yield x
    yield x
print(list(g()), x)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
