# namedtuples of shapes and params go wherever the reference takes tuples
from collections import namedtuple
from graph_lab import F, trace

Shape = namedtuple("Shape", "rows cols")
Layer = namedtuple("Layer", "w act")
x_shape = Shape(4, 8)
layers = [Layer("w1", F.silu), Layer("w2", F.tanh)]
params = {"w1": Shape(8, 16), "w2": Shape(16, 4)}


def mlp(x, p):
    for layer in layers:
        x = layer.act(x @ p[layer.w])
    return x


g = trace(mlp, {"x": x_shape}, params=params)
print(g.count(), x_shape, params["w1"].cols, [l.w for l in layers])
