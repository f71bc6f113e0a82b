from graph_lab import trace, F
def layer(x, w, **opts):
    y = x @ w
    if opts.get("norm"):
        y = F.rms_norm(y, opts["g"], opts.get("eps", 1e-5))
    return y
def model(x, w, g):
    return layer(x, w, norm=True, g=g)
g = trace(model, {"x": (3, 4), "w": (4, 4), "g": (4,)})
