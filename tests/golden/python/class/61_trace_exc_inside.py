from graph_lab import trace, F
def pick(cfg, key, default):
    try:
        return cfg[key]
    except KeyError:
        return default
def f(x, p):
    cfg = {"scale": 0.5}
    s = pick(cfg, "scale", 1.0)
    b = pick(cfg, "bias", 0.0)
    try:
        y = x @ p["w"]
    except KeyError as e:
        y = x
    try:
        z = y + p["missing"]
    except KeyError as e:
        print("no param", e)
        z = y
    return F.silu(z * s + b)
g = trace(f, {"x": (4, 8)}, params={"w": (8, 8)})
