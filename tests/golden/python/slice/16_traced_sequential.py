# a Sequential container sliced into stages, traced
from graph_lab import F, trace

class Linear:
    def __init__(self, name):
        self.name = name
    def __call__(self, x, p):
        return x @ p[self.name]

class Act:
    def __init__(self, fn):
        self.fn = fn
    def __call__(self, x, p):
        return self.fn(x)

class Sequential:
    def __init__(self, *layers):
        self.layers = list(layers)
    def __len__(self):
        return len(self.layers)
    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return Sequential(*self.layers[idx])
        return self.layers[idx]
    def __call__(self, x, p):
        for layer in self.layers:
            x = layer(x, p)
        return x

model = Sequential(Linear("w1"), Act(F.silu), Linear("w2"), Act(F.tanh), Linear("w3"))
stem, head = model[:2], model[2:]
print(len(stem), len(head), len(model[::2]), type(model[1]).__name__)
params = {"w1": (8, 16), "w2": (16, 16), "w3": (16, 4)}
g = trace(lambda x, p: head(stem(x, p), p), {"x": (2, 8)}, params=params)
print(g.count())
