x = 2.0 ** 10000
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
