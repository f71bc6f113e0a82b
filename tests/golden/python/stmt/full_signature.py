from graph_lab import trace, F
def f(a, b=2, /, c=3, *args, d, e=5, **kw):
    return [a, b, c, args, d, e, kw]
print(f(1, d=4))
print(f(1, 2, 3, 4, 5, d=6, f=7))
print(f(*[1, 2], **{"d": 0, "c": 9}))
trace(lambda x: F.exp(x), {"x": (2,)})
