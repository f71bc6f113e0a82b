rows = [[1, 2], [3, 4], [5]]
flat = (v for row in rows for v in row)
print(list(flat))
outer = ((i, (j for j in range(i))) for i in range(3))
for i, inner in outer:
    print(i, list(inner))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
