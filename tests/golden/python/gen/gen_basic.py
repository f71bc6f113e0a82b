def gen():
    print("start")
    yield 1
    print("middle")
    yield 2
    print("end")
g = gen()
print("created")
print(next(g))
print("between")
print(next(g))
print(next(g, "done"))
print(next(g, "done again"))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
