s = '1' * 5000
print(len(s))
n = int(s)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
