import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = 3, 6, 2
EPS = 1e-5
ZERO = 0
FLAG = False
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
    t1 = x @ p["proj_0"] + x @ p["w1"]
    t2 = x.reshape(3, 2, 3).transpose(1, 0, 2)
    t3 = t2.reshape(2 * 3, 3)
    t4 = y * x
    return t4, x

params = {'proj_0': (6, 4), 'w1': (6, 4)}
g = trace(f, {"x": (N, D), "y": (N, D)}, params=params)
