from graph_lab import F, trace

def f(x):
    h = x * 2.0
    if h.sum() > 0:
        return h + 1.0
    return h - 1.0

g = trace(f, {"x": (3,)}, mode='guard', example={"x": [1.0, 2.0, 3.0]})
