from graph_lab import F, trace

def f(x):
    ts = []
    def make(i):
        t = F.exp(x * float(i))
        ts.append(t)
        return i
    found = any(make(i) > 1 for i in range(5))
    ok = all(make(i) < 3 for i in range(10))
    return ts[0] + ts[-1] + float(len(ts))

print(trace(f, {"x": (2,)}))
