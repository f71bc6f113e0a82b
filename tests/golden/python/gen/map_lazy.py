def f(x):
    print("f", x)
    return x + 1
m = map(f, [1, 2, 3])
print("made")
print(next(m))
for v in m:
    print("v", v)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
