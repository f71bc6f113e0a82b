from graph_lab import trace, F
def f():
    x = 1
    del x
    return x
f()
