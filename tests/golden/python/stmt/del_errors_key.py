from graph_lab import trace, F
d = {"a": 1}
del d["zz"]
