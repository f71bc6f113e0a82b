from graph_lab import trace, F
def model(*inputs):
    first, *others = inputs
    acc = first
    for t in others:
        acc = acc + t
    return F.silu(acc)
shapes = {"a": (2, 3), "b": (2, 3), "c": (2, 3)}
g = trace(lambda a, b, c: model(*[a, b, c]), shapes)
