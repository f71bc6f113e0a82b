# classes derived from a namedtuple: methods, properties, __repr__, __slots__, an instance __dict__, copies
import copy
import math
from collections import namedtuple


class Vec(namedtuple("Vec", "x y")):
    def norm(self):
        return math.sqrt(self.x ** 2 + self.y ** 2)

    def __add__(self, other):
        return Vec(self.x + other[0], self.y + other[1])


class Tagged(namedtuple("Base", "x y")):
    __slots__ = ()

    @property
    def total(self):
        return self.x + self.y

    def __repr__(self):
        return f"Tagged<{self.x}, {self.y}>"


class Weird(namedtuple("Weird", "a b")):
    def __init__(self, a, b):
        self.note = f"{a}/{b}"

    def __eq__(self, other):
        return False

    def __getitem__(self, i):
        return "item"


v = Vec(3, 4)
print(v, v.norm(), isinstance(v, tuple), isinstance(v, Vec), v == (3, 4), v[1], v + (1, 1), v + v, Vec._fields)
print(type(v).__name__, Vec.__mro__[0].__name__, Vec.__mro__[-2:], v._replace(x=0), v._asdict(), Vec._make([1, 1]).norm())
t = Tagged(1, 2)
print(t, t.total, repr([t]), t[0:1], list(t), t.x, type(t._replace(y=5)).__name__, t._replace(y=5))
try:
    t.extra = 1
except AttributeError as e:
    print("AttributeError:", e)
v.extra = "ok"
print(v.extra, v.__dict__, vars(v))
w = Weird(1, 2)
print(w.note, w == (1, 2), w[0], w.a, list(w), tuple(w), w[0:1] if False else "")
try:
    hash(w)
except TypeError as e:
    print("TypeError:", e)
print(copy.copy(v), type(copy.copy(v)).__name__, copy.deepcopy(Vec([1], [2])), copy.copy(t), copy.deepcopy(t))
c = copy.deepcopy(Vec([1, 2], 3))
print(c, c.x is not None, type(c) is Vec)
print(sorted([Vec(2, 1), Vec(1, 2), Tagged(0, 9)]), {Vec(1, 2): 1}[(1, 2)])
from graph_lab import F, trace
trace(lambda x: F.exp(x) * 2.0, {"x": Vec(2, 2) + Vec(1, 0)})
