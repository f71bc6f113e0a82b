from graph_lab import trace, F
def chain(x, *ws, act=None):
    for w in ws:
        x = x @ w
        if act is not None:
            x = act(x)
    return x
def model(x, w1, w2):
    return chain(x, w1, w2, act=F.tanh)
g = trace(model, {"x": (2, 4), "w1": (4, 4), "w2": (4, 3)})
