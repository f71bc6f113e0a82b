from graph_lab import trace, F
def f(a, b, /, c, d=4):
    return (a, b, c, d)
print(f(1, 2, 3), f(1, 2, c=3), f(1, 2, 3, d=5))
def g(x, /, **kw):
    return x, kw
print(g(1, x=2))
trace(lambda x: F.exp(x), {"x": (2,)})
