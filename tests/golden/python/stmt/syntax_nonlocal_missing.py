from graph_lab import trace, F
def f():
    def g():
        nonlocal zz
        zz = 1
