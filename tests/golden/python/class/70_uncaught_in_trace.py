from graph_lab import trace, F
class CfgError(ValueError):
    pass
def f(x):
    y = F.exp(x)
    if True:
        raise CfgError("layer misconfigured")
    return y
trace(lambda x: F.tanh(x), {"x": (2,)})
trace(f, {"x": (2,)})
