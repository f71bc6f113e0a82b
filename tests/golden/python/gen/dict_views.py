d = {"a": 1}
k = d.keys()
v = d.values()
it = d.items()
d["b"] = 2
print(k, v, it)
print(len(k), list(k), bool({}.keys()), bool(k))
print(sorted(d.items(), key=lambda kv: -kv[1]))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
