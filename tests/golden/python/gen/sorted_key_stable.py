words = ["bb", "a", "ccc", "dd", "e", "fff"]
print(sorted(words, key=len))
print(sorted(words, key=len, reverse=True))
pairs = [(1, "b"), (0, "a"), (1, "a"), (0, "b")]
print(sorted(pairs, key=lambda p: p[0]))
print(sorted(pairs, key=lambda p: p[0], reverse=True))
print(sorted(pairs))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
