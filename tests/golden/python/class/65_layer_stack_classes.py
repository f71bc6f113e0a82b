from dataclasses import dataclass
from graph_lab import F, trace

@dataclass
class Dims:
    d: int
    f: int
    n: int

class Linear:
    count = 0
    def __init__(self, w):
        self.w = w
        Linear.count += 1
    def __call__(self, x):
        return x @ self.w

class Residual:
    def __init__(self, inner):
        self.inner = inner
    def __call__(self, x):
        return x + self.inner(x)

class FFN:
    def __init__(self, up, down):
        self.up, self.down = Linear(up), Linear(down)
    def __call__(self, x):
        return self.down(F.silu(self.up(x)))

class Stack:
    def __init__(self, layers):
        self.layers = layers
    def __len__(self):
        return len(self.layers)
    def __getitem__(self, i):
        return self.layers[i]
    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

dims = Dims(d=16, f=32, n=3)
def model(x, p):
    st = Stack([Residual(FFN(p[f"{i}.up"], p[f"{i}.down"])) for i in range(dims.n)])
    print(len(st), type(st[0]).__name__, type(st[0].inner).__name__)
    return F.rms_norm(st(x), p["norm"], 1e-5)
params = {"norm": (dims.d,)}
for i in range(dims.n):
    params[f"{i}.up"] = (dims.d, dims.f)
    params[f"{i}.down"] = (dims.f, dims.d)
g = trace(model, {"x": (4, dims.d)}, params=params)
print(Linear.count)
