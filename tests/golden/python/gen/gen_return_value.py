def inner():
    yield "a"
    return "inner-result"
def outer():
    r = yield from inner()
    print("r =", r)
    yield r.upper() if False else r
print(list(outer()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
