class Greeter:
    def __init__(self, who):
        self.who = who
    def greet(self, greeting="hello"):
        return greeting + " " + self.who
g1, g2 = Greeter("a"), Greeter("b")
fs = [g1.greet, g2.greet]
print([f() for f in fs], fs[0]("hi"))
print(Greeter.greet(g2, "yo"), [Greeter.greet(g) for g in [g1, g2]])
m = g1.greet
print(m.__self__ is g1, m.__name__, m == g1.greet, m == g2.greet)
def apply(fn, arg):
    return fn(arg)
print(apply(g1.greet, "hey"), apply(Greeter, "c").who)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
