import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = 6, 4, 2
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

def f(x, y, p):
    t1 = F.exp(y)
    t2 = scale(t1)
    t3 = F.rms_norm(x, p["w0"], EPS)
    t4 = y + t3
    t5 = F.rot_pairs(y)
    t6 = y < 0.0
    t7 = F.rot_pairs(t4)
    return t7

params = {'w0': (4,)}
g_first = gl.trace(lambda x: -x, {'x': (N,)})
g = trace(f, {"x": (N, D), "y": (N, D)}, params=params)
g0 = gl.trace(lambda x: F.exp(x), {"x": (2, 2)})
