# a namedtuple is a tuple: indexing, slicing, unpacking, comparison, hashing, + and *
from collections import namedtuple

Point = namedtuple("Point", "x y")
p = Point(1, 2)
print(isinstance(p, tuple), type(p), type(p).__name__, Point.__bases__, Point.__mro__)
print(p[0], p[-1], p[:1], p[::-1], p[0:5], type(p[:]), type(p[::-1]))
x, y = p
first, *rest = Point(7, 8)
print(x, y, first, rest, len(p), list(p), [v * 10 for v in p], tuple(p), type(tuple(p)))
print(p == (1, 2), (1, 2) == p, p != (2, 1), p < (1, 3), p < Point(2, 0), p > (0,), p <= (1, 2), p >= Point(1, 2))
print(hash(p) == hash((1, 2)), 1 in p, 3 in p, p.count(1), p.index(2), max(p), min(p), sum(p), sorted(p, reverse=True))
print(p + (3,), (0,) + p, p * 2, 2 * p, p + p, type(p + (3,)), type(p * 2), type(p * 1))
print(repr(p), str(p), f"{p}", "%s and %r" % (p, p), "{}".format(p), [p, Point(3, 4)], {"k": p})
d = {p: "a", Point(2, 2): "b"}
print(d[(1, 2)], d[Point(1, 2)], (2, 2) in d, len({p, (1, 2), Point(1, 2)}))
pts = [Point(3, 1), Point(1, 5), (2, 2), Point(1, 2)]
print(sorted(pts), max(pts), min(pts, key=lambda t: t[1]), sorted(pts, key=lambda t: (t[1], t[0])))
print(p.x, p.y, p.__class__.__name__, p.__class__ is Point, type(p) is Point, bool(p), bool(namedtuple("E", "")()))
print(p.__len__(), p.__getitem__(1), p.__contains__(2), tuple.__len__(p), tuple.__getitem__(p, 0))
print(*map(lambda t: t.x + t.y, [Point(1, 2), Point(3, 4)]), dict([Point("k", "v")]), [*p, *p], list(zip(p, "ab")))
for i, v in enumerate(Point(5, 6)):
    print(i, v, end="; ")
print()
print(isinstance(p, Point), issubclass(Point, tuple), isinstance((1, 2), Point))
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": Point(2, 3)})  # a namedtuple as a shape
