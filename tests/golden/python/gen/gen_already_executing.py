def g():
    yield next(me)
me = g()
print(next(me))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
