from graph_lab import trace, F
(a, b), c = [1, 2], 3
print(a, b, c)
[x, [y, *z]], w = [(1, [2, 3, 4]), 5]
print(x, y, z, w)
for i, (k, v) in enumerate({"p": 1, "q": 2}.items()):
    print(i, k, v)
for a, *b in [(1, 2, 3), (4,)]:
    print(a, b)
trace(lambda x: F.exp(x), {"x": (2,)})
