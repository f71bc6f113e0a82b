class Point:
    dims = 2
    def __init__(self, x, y=0):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y
    def moved(self, dx, dy=0):
        return Point(self.x + dx, self.y + dy)

p = Point(3, 4)
q = p.moved(1, dy=-1)
print(p.x, p.y, p.norm2(), q.x, q.y, q.norm2())
print(Point.dims, p.dims)
p.dims = 3
print(Point.dims, p.dims, q.dims)
Point.dims = 5
print(Point.dims, p.dims, q.dims)
p.extra = [1, 2]
p.extra.append(3)
print(p.extra, hasattr(q, "extra"))
m = p.norm2
print(m(), Point.norm2(q))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
