import collections
from graph_lab import trace, F
print(trace(lambda x: F.tanh(x), {"x": (2,)}))
c = collections.Counter(3.5)
