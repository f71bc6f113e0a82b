from graph_lab import F, trace

def f(x, y):
    a = F.exp(x)
    b = max((t.sum() for t in (a, y)), key=lambda s: s * 1.0)
    return b + 1.0

print(trace(f, {"x": (2,), "y": (2,)}, mode="specialize", example={"x": [1.0, 2.0], "y": [0.5, 0.25]}))
