from graph_lab import trace, F
print("before")
print(nothing_here)
