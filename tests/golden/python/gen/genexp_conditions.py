print(list(x for x in range(20) if x % 2 if x % 3))
print([(a, b) for a in range(4) if a for b in range(a) if (a + b) % 2])
print(list((a, b) for a in range(4) if a for b in range(a) if (a + b) % 2))
print(sum(1 for c in "mississippi" if c == "s"))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
