def g(name, n):
    for i in range(n):
        print(name, i)
        yield i
print(list(zip(g("a", 3), g("b", 2))))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
