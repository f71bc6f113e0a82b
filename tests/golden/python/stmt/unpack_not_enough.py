from graph_lab import trace, F
a, b, c = "ab"
