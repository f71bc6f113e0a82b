xs = [1, 2, 3]
print(xs[:10 ** 100], xs[-10 ** 100:1])
x = xs[10 ** 100]
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
