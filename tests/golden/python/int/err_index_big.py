xs = [1, 2, 3]
print(xs[-1])
y = xs[2 ** 100]
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
