def g(n):
    for i in range(n):
        yield i
a = g(3)
b = g(3)
print(next(a), next(a), next(b), list(a), list(b))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
