from graph_lab import trace, F
x = [*1]
