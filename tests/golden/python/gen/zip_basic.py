print(list(zip([1, 2, 3], "ab")))
print(list(zip()))
print(list(zip(range(3))))
print(dict(zip("abc", range(3))))
a, b = zip(*[(1, 2), (3, 4)])
print(a, b)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
