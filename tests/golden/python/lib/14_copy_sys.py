import copy
import sys
from dataclasses import dataclass, field
from graph_lab import trace, F
cfg = {"d": 64, "layers": [1, 2], "name": "tiny"}
deep = copy.deepcopy(cfg)
deep["layers"].append(3)
shallow = copy.copy(cfg)
shallow["layers"].append(4)
print(cfg, deep, shallow is cfg, shallow == cfg)
class Block:
    def __init__(self, width):
        self.width = width
        self.children = [width]
b = Block(8)
b2 = copy.deepcopy(b)
b2.children.append(16)
b3 = copy.copy(b)
b3.children.append(32)
print(b.children, b2.children, b2.width, type(b2).__name__, b2 is b)
@dataclass(frozen=True)
class Cfg:
    d: int
    sizes: list = field(default_factory=list)
c = Cfg(4, [1])
c2 = copy.deepcopy(c)
print(c2, c2 == c, c2.sizes is c.sizes)
loop = [1]
loop.append(loop)
again = copy.deepcopy(loop)
print(again[1] is again, len(again))
t = (1, "a", (2, 3))
print(copy.deepcopy(t) is t, copy.deepcopy(([1],))[0] == [1])
print(sys.maxsize, sys.version_info >= (3, 8), sys.version_info[:2], sys.getrecursionlimit())
try:
    sys.exit(3)
except SystemExit as e:
    print("SystemExit", e.code)
def f(x):
    return F.exp(x)
print(trace(f, {"x": (c2.d,)}))
