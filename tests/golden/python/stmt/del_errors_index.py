from graph_lab import trace, F
l = [1, 2]
del l[5]
