class A:
    def __init__(self):
        self.log = ["A"]
    def who(self):
        return "A"
class B(A):
    def __init__(self):
        super().__init__()
        self.log.append("B")
    def who(self):
        return "B>" + super().who()
class C(B):
    def __init__(self):
        super().__init__()
        self.log.append("C")
    def who(self):
        return "C>" + super().who()
c = C()
print(c.log, c.who())
print(super(C, c).who(), super(B, c).who())
class Base:
    @classmethod
    def make(cls):
        return cls.__name__
class Sub(Base):
    @classmethod
    def make(cls):
        return "sub of " + super().make()
print(Sub.make(), Base.make())
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
