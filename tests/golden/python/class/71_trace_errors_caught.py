from graph_lab import F, trace, TraceError

def layer(x, p):
    return F.silu(x @ p["w"])

def try_shape(d_in):
    try:
        g = trace(layer, {"x": (3, d_in)}, {"w": (32, 48)})
    except ValueError:
        print("does not fit:", d_in)
        return None
    else:
        print("fits:", d_in)
        return g
    finally:
        print("tried", d_in)

for d_in in (35, 32):
    g = try_shape(d_in)
    if g is not None:
        break

def branchy(x):
    if x.sum() > 0:
        return F.exp(x)
    return -x

try:
    trace(branchy, {"x": (4,)})
except TraceError:
    print("TraceError: data-dependent branch")
try:
    trace(branchy, {"x": (4,)})
except RuntimeError as e:
    print("caught as", type(e).__name__, isinstance(e, RuntimeError))
g = trace(layer, {"x": (2, 32)}, {"w": (32, 8)})
