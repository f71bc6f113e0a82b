from graph_lab import F, trace

def f(x, p):
    order = sorted(p, key=lambda k: -len(k))
    h = x
    for k in order:
        h = F.rms_norm(h, p[k], 1e-5) + h
    best = max(order, key=len)
    return h * p[best]

print(trace(f, {"x": (2, 4)}, params={"w": (4,), "www": (4,), "ww": (4,)}))
