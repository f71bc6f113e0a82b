from graph_lab import trace, F
def f(**k):
    return k
f(**[("a", 1)])
