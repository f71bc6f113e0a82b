def g():
    x = yield 1
    return x * 2
it = g()
print(next(it))
it.send(21)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
