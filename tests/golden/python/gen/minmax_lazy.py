def g():
    for x in [3, 1, 4, 1, 5]:
        print("gen", x)
        yield x
print(max(g(), key=lambda v: v % 4))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
