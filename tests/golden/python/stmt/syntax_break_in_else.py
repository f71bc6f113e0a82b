from graph_lab import trace, F
for i in range(3):
    pass
else:
    break
