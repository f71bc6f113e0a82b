from typing import NamedTuple, Optional
from graph_lab import trace, F
class LayerShape(NamedTuple):
    """the sizes of one layer"""
    d: int
    H: int = 4
    f: Optional[int] = None
    def dh(self):
        return self.d // self.H
    def hidden(self):
        return self.f if self.f is not None else 4 * self.d
s = LayerShape(16)
print(s, s.d, s.dh(), s.hidden(), s._replace(H=8), LayerShape.__doc__, s == (16, 4, None), LayerShape._fields)
d, H, f = s
print(d, H, f, LayerShape(d=8, H=2, f=32), LayerShape._field_defaults)
try:
    LayerShape()
except TypeError as e:
    print("TypeError:", e)
def mlp(x, w_up, w_down):
    return F.silu(x @ w_up) @ w_down
print(trace(mlp, {"x": (2, s.d), "w_up": (s.d, s.hidden()), "w_down": (s.hidden(), s.d)}))
