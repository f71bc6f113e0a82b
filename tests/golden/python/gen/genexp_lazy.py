def f(x):
    print("f", x)
    return x * 2
g = (f(x) for x in [1, 2, 3])
print("made")
print(next(g))
print("between")
for v in g:
    print("v", v)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
