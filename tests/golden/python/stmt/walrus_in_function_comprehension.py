from graph_lab import trace, F
def f(xs):
    total = 0
    seen = [total := total + x for x in xs]
    return seen, total
print(f([1, 2, 3]))
def g():
    [last := i for i in range(4)]
    return last
print(g())
trace(lambda x: F.exp(x), {"x": (2,)})
