from graph_lab import F, trace

def f(x):
    def gen():
        for i in range(6):
            yield i, x * float(i)
    kept = filter(lambda it: it[0] % 2 == 0, gen())
    acc = F.exp(x)
    for i, t in kept:
        acc = acc + F.silu(t)
    return acc

print(trace(f, {"x": (5,)}))
