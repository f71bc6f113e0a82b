it = iter([1, 2, 3])
print(iter(it) is it)
g = (x for x in [1])
print(iter(g) is g)
m = map(str, [1, 2])
print(iter(m) is m, list(m), list(m))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
