from graph_lab import trace, F
def f(a, *, b, c):
    pass
f(1)
