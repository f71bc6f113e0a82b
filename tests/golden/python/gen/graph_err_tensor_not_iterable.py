from graph_lab import trace, F
def f(x):
    for row in x:
        pass
    return x
trace(f, {"x": (2, 3)})
