from graph_lab import trace, F
def f(x):
    if (x.sum() > 0.0):
        return F.exp(x)
    return -x
g = trace(f, {"x": (3,)}, mode="guard", example={"x": [1.0, 2.0, -0.5]})
print(g.guards, g.count(), g.nodes[2].attrs, g.nodes[3])
