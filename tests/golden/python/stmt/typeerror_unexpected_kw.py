from graph_lab import trace, F
def f(a):
    pass
f(1, bogus=2)
