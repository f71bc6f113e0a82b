from collections import namedtuple
from graph_lab import trace, F
Shape = namedtuple("Shape", ["rows", "cols"])
s = Shape(4, cols=8)
print(s, s.rows, s.cols, s[0], s[-1], len(s))
r, c = s
print(r * c, tuple(s), list(s), s == (4, 8), s == Shape(4, 8), s != Shape(1, 1))
print(s._asdict(), s._replace(cols=16), Shape._fields, Shape._make([2, 3]))
print(sorted([Shape(3, 1), Shape(1, 9), Shape(1, 2)]))
print(max([Shape(3, 1), Shape(1, 9)], key=lambda t: t.cols))
Point = namedtuple("Point", "x y z", defaults=[0])
print(Point(1, 2), Point(1, 2, 3), Point._field_defaults)
try:
    s.rows = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    Shape(1)
except TypeError as e:
    print("TypeError:", e)
print(Shape.__name__, hash(s) == hash((4, 8)), {s: "ok"}[Shape(4, 8)])
def f(x):
    return F.tanh(x)
print(trace(f, {"x": tuple(Shape(2, 5))}))
