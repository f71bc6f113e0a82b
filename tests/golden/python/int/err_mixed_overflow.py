a = 1.5
b = a + 10 ** 400
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
