d = {"a": 1, "b": 2}
for k in d:
    d["c"] = 3

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
