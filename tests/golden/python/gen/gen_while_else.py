def g(xs):
    i = 0
    while i < len(xs):
        yield xs[i]
        i += 1
    yield "done"
print(list(g([1, 2])), list(g([])))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
