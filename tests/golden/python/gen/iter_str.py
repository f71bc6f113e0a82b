s = "héllo, 形状"
print([c for c in s])
it = iter(s)
print(next(it), next(it), len(list(it)))
print(list(reversed("ab形c")))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
