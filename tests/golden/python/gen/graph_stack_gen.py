from graph_lab import F, trace

from graph_lab import LayerCfg, rope_tables
import math

def blocks(x, p, n):
    h = x
    for i in range(n):
        h = F.rms_norm(h, p[f"{i}.norm"], 1e-5)
        h = h @ p[f"{i}.w"]
        yield h

def f(x, p):
    outs = list(F.silu(h) for h in blocks(x, p, 3))
    return outs[-1] + outs[0] * outs[1]

params = {}
for i in range(3):
    params[f"{i}.norm"] = (8,)
    params[f"{i}.w"] = (8, 8)
print(trace(f, {"x": (4, 8)}, params=params))
