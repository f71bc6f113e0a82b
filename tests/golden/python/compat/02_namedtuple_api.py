# namedtuple's own API: _fields, _field_defaults, _replace, _asdict, _make, defaults=, rename=, and its errors
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
p = Point(x=1, y=2)
print(Point._fields, Point._field_defaults, Point.__name__, Point.__doc__, Point.__match_args__, Point.__slots__)
print(p._replace(x=5), p, p._asdict(), Point._make([7, 8]), Point._make(range(2)), p.__getnewargs__())
print(Point(*[4, 5]), Point(**{"x": 1, "y": 0}), Point(3, y=9))
P3 = namedtuple("P3", "a, b c", defaults=[0, 9])
print(P3(1), P3(1, 2), P3(1, 2, 3), P3(a=5, c=1), P3._field_defaults, P3._fields)
R = namedtuple("R", "a def a _x", rename=True)
print(R._fields, R(1, 2, 3, 4))
Empty = namedtuple("Empty", "")
print(Empty(), len(Empty()), Empty._fields)

def attempt(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)

def assign(obj, name, value):
    setattr(obj, name, value)

def delete(obj, name):
    delattr(obj, name)

def setitem(obj, k, v):
    obj[k] = v

attempt("set field", lambda: assign(p, "x", 3))
attempt("del field", lambda: delete(p, "x"))
attempt("new attr", lambda: assign(p, "z", 1))
attempt("item assign", lambda: setitem(p, 0, 9))
attempt("append", lambda: p.append(3))
attempt("_make short", lambda: Point._make([1]))
attempt("_replace unknown", lambda: p._replace(z=1))
attempt("too many", lambda: Point(1, 2, 3))
attempt("too many defaults", lambda: P3(1, 2, 3, 4))
attempt("missing one", lambda: Point(1))
attempt("missing two", lambda: Point())
attempt("missing three", lambda: namedtuple("A", "a b c")())
attempt("twice", lambda: Point(1, 2, x=3))
attempt("unknown kw", lambda: Point(1, 2, z=3))
attempt("unknown before missing", lambda: Point(1, z=3))
attempt("empty takes", lambda: Empty(1))
attempt("index", lambda: p[2])
attempt("str index", lambda: p["x"])
attempt("underscore", lambda: namedtuple("A", "a _b"))
attempt("duplicate", lambda: namedtuple("A", "a a"))
attempt("identifier", lambda: namedtuple("1A", "a"))
attempt("keyword", lambda: namedtuple("A", "a class"))
attempt("defaults", lambda: namedtuple("A", "a", defaults=[1, 2]))
attempt("unhashable", lambda: hash(Point([], 1)))
attempt("tuple.__new__ int", lambda: tuple.__new__(Point, 1))
attempt("tuple.__new__ kw", lambda: tuple.__new__(Point, [1], x=1))
attempt("tuple.__new__ two", lambda: tuple.__new__(Point, [1], [2]))
attempt("tuple.__new__ not tuple", lambda: tuple.__new__(dict, [1]))
from graph_lab import F, trace
trace(lambda x: F.tanh(x), {"x": P3(2, 3, 4)})
