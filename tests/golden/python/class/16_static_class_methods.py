class Temp:
    unit = "C"
    def __init__(self, deg):
        self.deg = deg
    @staticmethod
    def c_to_f(c):
        return c * 9 / 5 + 32
    @classmethod
    def from_f(cls, f):
        return cls((f - 32) * 5 / 9)
    @classmethod
    def describe(cls):
        return cls.__name__ + " in " + cls.unit
class Kelvin(Temp):
    unit = "K"
t = Temp.from_f(212)
print(t.deg, Temp.c_to_f(100), t.c_to_f(0), type(t).__name__)
k = Kelvin.from_f(32)
print(type(k).__name__, k.deg, Kelvin.describe(), k.describe(), Temp.describe())
f = Temp.c_to_f
print(f(-40))
class Manual:
    def helper(x):
        return x * 2
    helper = staticmethod(helper)
    def build(cls):
        return cls.__name__
    build = classmethod(build)
print(Manual.helper(4), Manual().helper(5), Manual.build())
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
