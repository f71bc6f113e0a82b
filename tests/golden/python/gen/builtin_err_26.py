print("start")
print(max(key=len))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
