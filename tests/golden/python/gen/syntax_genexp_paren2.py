def f(a, b=2):
    return a
print(f(1))
print(f(2, x for x in [1]))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
