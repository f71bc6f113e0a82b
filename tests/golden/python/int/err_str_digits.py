x = 10 ** 5000
print(len(str(x // 10 ** 4000)))
s = str(x)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
