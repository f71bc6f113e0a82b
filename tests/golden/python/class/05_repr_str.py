class Vec:
    def __init__(self, xs):
        self.xs = list(xs)
    def __repr__(self):
        return "Vec(" + ", ".join(str(x) for x in self.xs) + ")"
class Named:
    def __init__(self, n):
        self.n = n
    def __str__(self):
        return "Named " + self.n
    def __repr__(self):
        return "Named(" + repr(self.n) + ")"
class OnlyStr:
    def __str__(self):
        return "only-str"
v = Vec([1, 2])
n = Named("x")
print(v, n, [v, n], (n,), {"k": n})
print(str(v), repr(v), str(n), repr(n))
print(f"{v} {n} {n!r} {v!r}")
s = str(OnlyStr())
print(s, len(s))
print("%s" % "plain" if False else "joined: " + str(n))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
