def g():
    for i in range(5):
        print("gen", i)
        yield i
a, b = g()

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
