from graph_lab import F, trace

def f(x, p):
    ws = [p["w0"], p["w1"], p["w2"]]
    return sum(F.exp(x @ w) for w in ws)

g = trace(f, {"x": (2, 3)}, params={"w0": (3, 4), "w1": (3, 4), "w2": (3, 4)})
print(g)
