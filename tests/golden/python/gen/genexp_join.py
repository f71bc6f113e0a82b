words = ["a", "bb", "ccc"]
print(", ".join(w for w in words if len(w) > 1))
print("-".join(str(i) for i in range(4)))
print(dict((w, len(w)) for w in words))
print(tuple(c for c in "abc"), list(w[0] for w in words))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
