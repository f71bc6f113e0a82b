def g(name, n):
    for i in range(n):
        print(name, "produces", i)
        yield i
a = g("a", 3)
b = g("b", 3)
for x, y in zip(a, b):
    print("pair", x, y)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
