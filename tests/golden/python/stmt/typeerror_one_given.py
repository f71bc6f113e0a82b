from graph_lab import trace, F
def f():
    return 0
f(1)
