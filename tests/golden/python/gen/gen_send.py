def acc():
    total = 0
    while True:
        x = yield total
        print("received", x)
        if x is None:
            return
        total += x
g = acc()
print(next(g))
print(g.send(5))
print(g.send(10))
print(next(g, "stopped"))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
