from graph_lab import trace, F
SCALE = 2.0
calls = 0
def scaled(x):
    global calls
    calls += 1
    return x * SCALE
def model(x):
    return scaled(scaled(x))
g = trace(model, {"x": (4,)})
print(calls)
