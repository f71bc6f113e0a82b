x = 2 ** 1024
y = float(x)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
