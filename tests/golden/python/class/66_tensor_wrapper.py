from graph_lab import F, trace, Tensor

class Scaled:
    def __init__(self, t, s):
        self.t, self.s = t, s
    def value(self):
        return self.t * self.s
    def __add__(self, o):
        if isinstance(o, Scaled):
            return Scaled(self.value() + o.value(), 1.0)
        return Scaled(self.value() + o, 1.0)
    def __matmul__(self, w):
        return Scaled(self.t @ w, self.s)
    def __rmatmul__(self, x):
        return Scaled(x @ self.t, self.s)
    def __neg__(self):
        return Scaled(self.t, -self.s)

def f(x, p):
    print(isinstance(x, Tensor), type(x).__name__, isinstance(x, (int, float)), isinstance(2.0, Tensor))
    a = Scaled(x, 2.0)
    b = a @ p["w"]
    c = Scaled(x, 0.5) @ p["w"]
    d = -(b + c) + 1.0
    return F.exp(d.value())
g = trace(f, {"x": (3, 4)}, params={"w": (4, 4)})
