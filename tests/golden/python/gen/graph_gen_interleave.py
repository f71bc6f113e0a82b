from graph_lab import F, trace

def layers(x, n):
    h = x
    for i in range(n):
        print("layer", i)
        h = F.tanh(h * 2.0)
        yield h

def f(x):
    outs = []
    for h in layers(x, 3):
        outs.append(F.exp(h) + 1.0)
    return outs[0] + outs[1] + outs[2]

print(trace(f, {"x": (4,)}))
