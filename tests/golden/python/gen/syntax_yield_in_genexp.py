def f():
    return list((yield i) for i in range(3))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
