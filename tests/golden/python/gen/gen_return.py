def g(n):
    for i in range(10):
        if i == n:
            return
        yield i
print(list(g(3)), list(g(0)))
def h():
    yield 1
    return 5
    yield 2
print(list(h()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
