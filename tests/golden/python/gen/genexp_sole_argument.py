print(sum(x for x in range(3)))
print(max((x for x in [4, 2]), default=0))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
