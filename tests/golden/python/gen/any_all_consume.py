it = iter([0, 1, 2, 3, 0, 5])
print(any(it), list(it))
it = iter([1, 2, 0, 3])
print(all(it), list(it))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
