def g(xs):
    for x in xs:
        print("look", x)
        yield x
print(any(g([0, 0, 3, 0])))
print(all(g([1, 2, 0, 5])))
print(any(g([])), all(g([])))
print(any([0, "", None]), all([1, "a", [0]]))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
