from graph_lab import trace, F
def counter():
    n = 0
    def inc():
        nonlocal n
        n += 1
        return n
    return inc
c1, c2 = counter(), counter()
print(c1(), c1(), c1(), c2())
trace(lambda x: F.exp(x), {"x": (2,)})
