d = {"a": 1, "b": 2, "c": 3}
it = iter(d)
print(next(it), list(it))
for k in d:
    print(k, d[k])
print(list(d.items()), list(d.values()), list(d.keys()))
print(list(reversed(d)), list(reversed(d.items())))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
