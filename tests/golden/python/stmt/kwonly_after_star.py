from graph_lab import trace, F
def f(a, *, b, c=3):
    return a + b * 10 + c * 100
print(f(1, b=2), f(1, c=4, b=5), f(a=0, b=0, c=0))
trace(lambda x: F.exp(x), {"x": (2,)})
