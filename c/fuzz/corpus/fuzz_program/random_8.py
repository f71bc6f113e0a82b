import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = 2, 6, 1
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

def f(x, y, p):
    t1 = x + F.causal_mask(x, 1, 2)
    t2 = t1.reshape(2, 2, 3).transpose(1, 0, 2)
    t3 = t2.reshape(2 * 2, 3)
    return t3, y

params = {}
g = trace(f, {"x": (N, D), "y": (N, D)}, params=params)
