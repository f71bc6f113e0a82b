class Outer:
    class Inner:
        def hello(self):
            return "inner"
    def make(self):
        return self.Inner()
print(Outer().make().hello(), Outer.Inner.__name__)
FACTORY = {"a": Outer, "i": Outer.Inner}
print([type(FACTORY[k]()).__name__ for k in ["a", "i"]])
class P:
    def __init__(self):
        self.x = 1
        self.y = [2]
p = P()
print(p.__dict__, p.__class__.__name__, p.__class__ is P, vars(p))
class Chain:
    def __init__(self):
        self.ops = []
    def add(self, op):
        self.ops.append(op)
        return self
print(Chain().add("a").add("b").ops)
class Empty:
    pass
e = Empty()
e.dynamic = 3
print(e.dynamic, [k for k in vars(e)])
class Shadow:
    def value(self):
        return "method"
s = Shadow()
s.value = lambda: "instance attr"
print(s.value(), Shadow().value())
class WithDoc:
    """A documented class."""
print(WithDoc.__doc__)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
