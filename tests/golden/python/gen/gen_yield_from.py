def a():
    yield 1
    yield 2
def b():
    yield 0
    yield from a()
    yield from [3, 4]
    yield from range(5, 7)
    yield from "xy"
    yield from (i * i for i in range(3))
print(list(b()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
