def f(a):
    return a
print(f(1))
f(x for x in [1], 2)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
