from graph_lab import trace, F
def f(a, *, c):
    return a
f(1, 2, c=3)
