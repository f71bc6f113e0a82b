def f():
    x = [(yield) for i in range(3)]
    return x
print(1)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
