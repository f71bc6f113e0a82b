from graph_lab import trace, F
def f(*a):
    return a
f(*5)
