def g():
    yield 1
    return "result"
it = g()
print(next(it))
print(next(it))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
