from graph_lab import trace, F
def f(**kw):
    return kw
print(f(), f(a=1), f(b=2, a=1))
def g(x, **opts):
    return x, sorted(opts.items()) if False else list(opts.items())
print(g(1, z=3, y=2))
trace(lambda x: F.exp(x), {"x": (2,)})
