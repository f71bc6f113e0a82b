from graph_lab import F, trace

def f(x, p):
    names = ["a", "b", "c"]
    total = x
    for i, (n, w) in enumerate(zip(names, (p[k] for k in names))):
        total = total + w * float(i + 1)
    return total

print(trace(f, {"x": (4,)}, params={"a": (4,), "b": (4,), "c": (4,)}))
