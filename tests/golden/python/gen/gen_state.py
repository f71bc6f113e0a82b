def g():
    yield 1
it = g()
print(list(it), list(it), next(it, "x"))
it2 = g()
it2.close()
print(list(it2))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
