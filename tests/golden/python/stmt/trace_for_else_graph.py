from graph_lab import trace, F
def model(x):
    for i in range(3):
        x = x + 1.0
        if i == 5:
            break
    else:
        x = F.exp(x)
    return x
g = trace(model, {"x": (2,)})
