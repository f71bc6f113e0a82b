from graph_lab import trace, F
a = b = 0
def f():
    global a, b
    a, b = 1, 2
    c = a + b
    return c
print(f(), a, b)
trace(lambda x: F.exp(x), {"x": (2,)})
