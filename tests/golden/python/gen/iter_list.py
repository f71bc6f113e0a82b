it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "end"), next(it, None))
t = iter((4, 5))
print(list(t), list(t))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
