from graph_lab import trace, F
f = lambda a, b: a
f(1)
