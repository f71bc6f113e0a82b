from graph_lab import trace, F
a, b = [1, 2, 3]
