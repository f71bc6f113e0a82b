from graph_lab import trace, F
def f():
    g()
    def g():
        return 1
f()
