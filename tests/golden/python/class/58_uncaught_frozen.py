from dataclasses import dataclass
@dataclass(frozen=True)
class Cfg:
    d: int
c = Cfg(4)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
c.d = 8
