def g():
    for c in "xy":
        print("yield", c)
        yield c
for i, c in enumerate(g(), start=100):
    print("got", i, c)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
