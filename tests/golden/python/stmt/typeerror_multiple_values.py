from graph_lab import trace, F
def f(a, b):
    pass
f(1, a=2)
