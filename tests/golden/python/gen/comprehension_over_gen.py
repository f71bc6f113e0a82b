def g():
    for i in range(3):
        print("gen", i)
        yield i
print([x * 10 for x in g()])
print({x: x * x for x in g()})
print([(a, b) for a in g() for b in "xy"])

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
