n = int('12', 37)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
