class V:
    def __init__(self, c):
        self.c = list(c)
    def __add__(self, o):
        if isinstance(o, V):
            return V([a + b for a, b in zip(self.c, o.c)])
        if isinstance(o, (int, float)):
            return V([a + o for a in self.c])
        return NotImplemented
    def __radd__(self, o):
        return self + o
    def __sub__(self, o):
        return V([a - b for a, b in zip(self.c, o.c)])
    def __mul__(self, k):
        return V([a * k for a in self.c])
    def __rmul__(self, k):
        return V([k * a for a in self.c])
    def __truediv__(self, k):
        return V([a / k for a in self.c])
    def __floordiv__(self, k):
        return V([a // k for a in self.c])
    def __mod__(self, k):
        return V([a % k for a in self.c])
    def __pow__(self, k):
        return V([a ** k for a in self.c])
    def __matmul__(self, o):
        return sum(a * b for a, b in zip(self.c, o.c))
    def __neg__(self):
        return V([-a for a in self.c])
    def __pos__(self):
        return self
    def __abs__(self):
        return V([abs(a) for a in self.c])
    def __repr__(self):
        return "V" + repr(tuple(self.c))
a, b = V([1, 2]), V([3, -4])
print(a + b, a + 1, 1 + a, a - b, a * 3, 2 * a, b / 2, b // 3, b % 3, a ** 2)
print(a @ b, -a, +a, abs(b), sum([a, b], V([0, 0])))
x = V([1, 1])
x += V([1, 2])
x *= 10
print(x)
try:
    a + "s"
except TypeError as e:
    print("TypeError:", e)
try:
    "s" - a
except TypeError as e:
    print("TypeError:", e)
class Acc:
    def __init__(self):
        self.items = []
    def __iadd__(self, x):
        self.items.append(x)
        return self
acc = Acc()
same = acc
acc += 1
acc += 2
print(acc.items, acc is same)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
