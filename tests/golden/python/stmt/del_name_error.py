from graph_lab import trace, F
del never_bound
