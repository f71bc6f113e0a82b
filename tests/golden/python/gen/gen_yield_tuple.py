def g():
    yield 1, 2
    yield (3, 4)
    yield [5]
for a in g():
    print(a)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
