print(10 ** 300 / 3)
z = 10 ** 400 / 1
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
