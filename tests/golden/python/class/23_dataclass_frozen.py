from dataclasses import dataclass
import dataclasses
@dataclass(frozen=True)
class Shape:
    rows: int
    cols: int
    def numel(self):
        return self.rows * self.cols
s = Shape(2, 3)
print(s, s.numel(), s == Shape(2, 3))
try:
    s.rows = 5
except dataclasses.FrozenInstanceError as e:
    print("FrozenInstanceError:", e)
try:
    s.cols = 1
except AttributeError as e:
    print("AttributeError:", type(e).__name__, e)
d = {Shape(1, 1): "unit"}
print(d[Shape(1, 1)], Shape(1, 1) in d)
@dataclass(eq=False)
class Ident:
    x: int
print(Ident(1) == Ident(1))
@dataclass(repr=False)
class NoRepr:
    x: int
    def __repr__(self):
        return "custom"
print(NoRepr(1))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
