from graph_lab import trace, F
def f(a, b, /):
    pass
f(a=1, b=2)
