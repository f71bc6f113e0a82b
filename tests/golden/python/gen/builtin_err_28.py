print("start")
print(list(zip([1,2],[2],[3,4],strict=True)))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
