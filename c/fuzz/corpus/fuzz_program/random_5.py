import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = 6, 6, 2
EPS = 1e-5
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
    t1 = x + F.causal_mask(x, 1, 0)
    t2 = 0.5 < t1
    t3 = -t2
    return t3

params = {}
g_first = gl.trace(lambda x: -x, {'x': (N,)})
g = trace(f, {"x": (6, D)}, params=params)
g0 = gl.trace(lambda x: F.exp(x), {"x": (2, 2)})
