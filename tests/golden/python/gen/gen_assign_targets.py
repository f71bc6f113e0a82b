def g():
    a, b = yield "first"
    print(a, b)
    d = {}
    d["k"] = yield "second"
    print(d)
    x = y = yield "third"
    print(x, y)
it = g()
print(next(it))
print(it.send((1, 2)))
print(it.send("v"))
print(next(it, "end"))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
