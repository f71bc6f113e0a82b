class Circle:
    def __init__(self, r):
        self._r = r
    @property
    def r(self):
        return self._r
    @r.setter
    def r(self, v):
        if v < 0:
            raise ValueError("radius must be >= 0")
        self._r = v
    @property
    def area(self):
        return 3 * self._r * self._r
c = Circle(2)
print(c.r, c.area)
c.r = 5
print(c.r, c.area)
try:
    c.r = -1
except ValueError as e:
    print("ValueError:", e)
try:
    c.area = 10
except AttributeError as e:
    print("AttributeError:", e)
print(type(Circle.area).__name__, isinstance(Circle.r, property))
class Old:
    def __init__(self):
        self._x = 1
    def getx(self):
        return self._x
    def setx(self, v):
        self._x = v * 10
    x = property(getx, setx)
o = Old()
o.x = 4
print(o.x)
class Child(Circle):
    @property
    def area(self):
        return super().area + 1
print(Child(1).area)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
