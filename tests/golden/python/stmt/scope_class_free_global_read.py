from graph_lab import trace, F
limit = 5
def f(v):
    return v if v < limit else limit
def g():
    limit = 1
    return f(10)
print(g())
trace(lambda x: F.exp(x), {"x": (2,)})
