from graph_lab import trace, F
f = lambda a, b=2, *c, d=4, **e: (a, b, c, d, e)
print(f(1))
print(f(1, 3, 5, 7, d=0, z=9))
g = lambda *a: sum(a)
print(g(), g(1, 2, 3))
h = lambda *, k: k * 2
print(h(k=4))
print((lambda x, /, y: x - y)(5, y=1))
trace(lambda x: F.exp(x), {"x": (2,)})
