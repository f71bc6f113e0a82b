from graph_lab import trace, F
def f():
    return undefined_name + 1
f()
