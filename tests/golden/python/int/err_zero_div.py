a = 10 ** 30
b = a // 0
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
