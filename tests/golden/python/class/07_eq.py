class P:
    def __init__(self, x):
        self.x = x
    def __eq__(self, other):
        if not isinstance(other, P):
            return NotImplemented
        return self.x == other.x
    def __repr__(self):
        return f"P({self.x})"
a, b, c = P(1), P(1), P(2)
print(a == b, a == c, a != b, a != c, a == 1, 1 == a, a != "s")
print(a is b, a is a, a in [c, b], P(2) in [a, b], [a, c] == [b, P(2)], (a,) == (b,))
class NoEq:
    pass
x, y = NoEq(), NoEq()
print(x == y, x == x, x != y, x in [y], x in [y, x])
class Weird:
    def __eq__(self, o):
        return "weird"
print(Weird() == 3, 3 == Weird(), Weird() != 3)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
