class C:
    pass
class D(C):
    pass
print(type(1), type(1.0), type("a"), type([]), type({}), type(()), type(True), type(None))
print(type(C()), type(D()), type(C), type(type), type(len))
print(type(3) is int, type(3) == int, type(True) is int, type(D()) is C, type(D()) == D)
print(type(3).__name__, type(C()).__name__, type(None).__name__, C.__name__, int.__name__)
print(int, str, float, list, dict, tuple, bool, object, type)
def f():
    pass
print(type(f).__name__, type(lambda: 0).__name__, type(print).__name__)
x = type(5)("12") if False else type(5)(7.9)
print(x, type([])([1, 2]), type("")(3))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
