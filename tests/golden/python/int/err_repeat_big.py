xs = [1, 2]
ys = xs * 2 ** 63
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
