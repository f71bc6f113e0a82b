from graph_lab import trace, F
def f(*args):
    return args
print(f(), f(1), f(1, 2, 3), type(f()).__name__ if False else len(f(1, 2)))
def g(a, *rest):
    return a, rest
print(g(1), g(1, 2, 3))
trace(lambda x: F.exp(x), {"x": (2,)})
