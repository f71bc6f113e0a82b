from graph_lab import trace, F
def add3(a, b, c):
    return a + b + c
print(add3(*range(3)), add3(*(1, 2), 3), add3(1, *[2, 3]))
args = (1,)
kwargs = {"c": 3, "b": 2}
print(add3(*args, **kwargs))
trace(lambda x: F.exp(x), {"x": (2,)})
