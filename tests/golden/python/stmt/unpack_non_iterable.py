from graph_lab import trace, F
a, b = 5
