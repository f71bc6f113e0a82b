import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = 2, 4, 2
EPS = 0.01
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

def f(x, p):
    t1 = x < 0.0
    t2 = t1 + F.causal_mask(t1, 2, 2)
    t3 = t2 + (2 ** 3)
    return t3, x

params = {}
g = trace(f, {"x": (2, D)}, params=params)
