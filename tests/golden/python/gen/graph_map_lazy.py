from graph_lab import F, trace

def f(x, y):
    ms = map(lambda t: F.silu(t) * 3.0, [x, y])
    a = x + y
    first = next(ms)
    b = a * first
    second = next(ms)
    return b - second

print(trace(f, {"x": (2, 2), "y": (2, 2)}))
