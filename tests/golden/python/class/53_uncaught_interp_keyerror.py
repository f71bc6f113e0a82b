cfg = {"d": 4}
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
print(cfg["heads"])
