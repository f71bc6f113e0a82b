from graph_lab import trace, F
registry = {}
def register(name, *, factor=1):
    def deco_body(x):
        return x * factor
    registry[name] = deco_body
    return deco_body
register("double", factor=2)
register("same")
def apply_all(v, *names, **overrides):
    out = {}
    for n in names:
        f = overrides.get(n, registry[n])
        out[n] = f(v)
    return out
print(apply_all(3, "double", "same"))
print(apply_all(3, "double", double=lambda x: -x))
trace(lambda x: F.exp(x), {"x": (2,)})
