from graph_lab import trace, F
def f(x, y=[]):
    x = x * 2
    y = y + [x]
    return x, y
print(f(1), f(2), f(3, [0]))
trace(lambda x: F.exp(x), {"x": (2,)})
