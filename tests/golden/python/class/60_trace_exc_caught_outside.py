from graph_lab import trace, F
class BadShape(Exception):
    pass
def bad(x):
    y = F.exp(x)
    raise BadShape("refusing after one node")
try:
    trace(bad, {"x": (2, 3)})
except BadShape as e:
    print("trace raised:", e)
def ok(x):
    return F.tanh(x) * 2.0
g = trace(ok, {"x": (2, 3)})
print(len(g.nodes) if False else "traced")
