def inner():
    x = yield 1
    print("inner got", x)
    y = yield 2
    print("inner got", y)
    return x
def outer():
    r = yield from inner()
    print("outer r", r)
    yield 3
g = outer()
print(next(g))
print(g.send("A"))
print(g.send("B"))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
