from graph_lab import trace, F
calls = []
def default():
    calls.append(1)
    return len(calls)
def f(x=default()):
    return x
print(f(), f(), f(10), len(calls))
def g(item, acc=[]):
    acc.append(item)
    return acc
print(g(1), g(2), g(3, []), g(4))
def h(d={}):
    d[len(d)] = True
    return d
h(); h()
print(h())
trace(lambda x: F.exp(x), {"x": (2,)})
