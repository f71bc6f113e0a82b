# dir() of the program's classes and instances (incl. an exception and a dataclass), as CPython lists them;
# int() / float() of Unicode decimal digits and spaces
class A:
    k = 1
    def m(self): pass
class B(A):
    def __init__(self): self.x = 1
print(dir(B()))
print(dir(B))
print([n for n in dir(B()) if not n.startswith("_")])
class E(ValueError):
    pass
print(dir(E("x")))
from dataclasses import dataclass
@dataclass
class D:
    x: int = 0
print(dir(D()))
print(int("٣"), int(" ١٢ "), float("١.٥"), int("\u2003" + "7"))
try:
    int("٣x")
except ValueError as e:
    print(e)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (int("٣"),)})
