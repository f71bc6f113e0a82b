class Ver:
    def __init__(self, major, minor):
        self.t = (major, minor)
    def __lt__(self, o):
        return self.t < o.t
    def __le__(self, o):
        return self.t <= o.t
    def __eq__(self, o):
        return self.t == o.t
    def __repr__(self):
        return "Ver%s" % (self.t,) if False else "Ver" + repr(self.t)
a, b = Ver(1, 2), Ver(1, 10)
print(a < b, a > b, a <= b, a >= b, b > a, a == Ver(1, 2))
print([x.t for x in [a, b] if x > Ver(1, 5)])
class Plain:
    pass
try:
    Plain() < Plain()
except TypeError as e:
    print("TypeError:", e)
try:
    a < 3
except AttributeError as e:
    print("AttributeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
