from dataclasses import dataclass, field
@dataclass
class Base:
    d: int
    eps: float = 1e-5
@dataclass
class Llama(Base):
    theta: float = 10000.0
    tags: list = field(default_factory=list)
class Plain(Base):
    def describe(self):
        return f"Plain with d={self.d}"
l = Llama(32, theta=500000.0)
p = Plain(8)
print(l)
print(p, p.describe(), isinstance(l, Base), l == Llama(32, 1e-5, 500000.0))
@dataclass
class Override(Base):
    d: int = 16
print(Override(), Override(4, 0.1))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
