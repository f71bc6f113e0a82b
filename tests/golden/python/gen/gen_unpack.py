def g():
    print("one")
    yield 1
    print("two")
    yield 2
a, b = g()
print(a, b)
x, (y, z) = (i for i in [1, (2, 3)])
print(x, y, z)
for i, (k, v) in enumerate(zip("ab", g())):
    print(i, k, v)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
