from dataclasses import dataclass, field
@dataclass
class Cfg:
    d: int
    heads: int = 4
    name: str = "tiny"
    layers: list = field(default_factory=list)
    eps: float = field(default=1e-5)
a = Cfg(64)
b = Cfg(64, 8, name="big", layers=[1, 2])
print(a)
print(b)
print(a == Cfg(64), a == b, a != b, a.d, b.layers, a.eps)
a.layers.append("x")
print(a, Cfg(1).layers)
print(repr(Cfg(2, heads=2)), str(Cfg(3)))
print([Cfg(1), Cfg(2)], {"cfg": Cfg(5)})
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
