for x in map(lambda v: v * 2, [1, 2]):
    print("map", x)
for x in filter(lambda v: v > 1, [1, 2, 3]):
    print("filter", x)
for a, b in zip("ab", "cd"):
    print("zip", a, b)
for x in reversed([1, 2]):
    print("rev", x)
for k, v in {"a": 1}.items():
    print("items", k, v)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
