import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = 3, 8, 2
EPS = 0.01
ZERO = 0
FLAG = True
NAMES = ("a", "b", "c")
COEFS = [1.0, 0.5, 2 ** -2]

def scale(t, by=0.5):
    return t * by

def pair(t):
    return t + 1.0, t * t

def mlp(h, w1, w2, act=None):
    z = h @ w1
    if act is not None:
        z = act(z)
    return z @ w2

def f(x, p):
    t1 = F.exp(x)
    t2 = t1
    if t2.shape[-1] % 2 == 0 and len(t2.shape) > 2:
        t2 = t2 * 2.0
    elif not FLAG:
        t2 = t2 - 1.0
    else:
        t2 = -t2
    t3 = mlp(t2, p["w0"], p["up_1"], act=None)
    t4 = F.softmax(t2, axis=0)
    t5, t6 = pair(t2)
    t7 = t5
    for i in range(2):
        t7 = t7 * F.tanh(t7) * (i + 1)
    t8 = t4.sum(axis=-1, keepdims=False)
    t9 = F.rms_norm(t1, p["w2"], 1e-5)
    t10 = t9.transpose(1, 0)
    return t10, t7

params = {'w0': (8, 4), 'up_1': (4, 8), 'w2': (8,)}
g_first = gl.trace(lambda x: -x, {'x': (N,)})
g = trace(f, {"x": (3, D)}, params=params)
g0 = gl.trace(lambda x: F.exp(x), {"x": (2, 2)})
