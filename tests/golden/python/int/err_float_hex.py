f = float('0x10')
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
