from graph_lab import F, trace

def block(h):
    yield F.exp(h)
    yield F.tanh(h)

def model(x):
    yield x * 2.0
    yield from block(x + 1.0)
    yield -x

def f(x):
    acc = None
    for t in model(x):
        acc = t if acc is None else acc + t
    return acc

print(trace(f, {"x": (3,)}))
