from functools import reduce
from graph_lab import trace, F
def f(x):
    return F.exp(x)
print(trace(f, {"x": (1,)}))
total = reduce(lambda a, b: a + b, [])
