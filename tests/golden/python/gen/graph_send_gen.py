from graph_lab import F, trace

def stepper(x):
    h = x
    while True:
        scale = yield h
        if scale is None:
            return
        h = F.tanh(h * scale) + x

def f(x):
    g = stepper(x)
    h = next(g)
    h = g.send(2.0)
    z = h @ h
    h = g.send(3.0)
    return h + z

print(trace(f, {"x": (3, 3)}))
