# a namedtuple called without a field: CPython's TypeError at the call's line
from collections import namedtuple

Point = namedtuple("Point", "x y z")
print(Point(1, 2, 3))
p = Point(1, z=3)
print(p)
