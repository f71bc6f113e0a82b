# slice.indices(length): CPython's rules on Python ints, never clamped
def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)

for s in [slice(None), slice(2), slice(-2), slice(1, 4), slice(4, 1), slice(None, None, -1), slice(-1, -5, -1),
          slice(5, -20, -2), slice(None, None, 3), slice(None, None, -3), slice(-100, 100), slice(100, -100, -1),
          slice(0, 0), slice(3, None, -2), slice(None, 3, -2)]:
    print(s, [s.indices(n) for n in (0, 1, 3, 10)])

print(slice(10 ** 30).indices(5))
print(slice(-10 ** 30, 10 ** 30, -10 ** 30).indices(10 ** 40))
print(slice(None, None, 10 ** 20).indices(2 ** 70))
print(slice(None, None, -1).indices(2 ** 64))
print(slice(-2 ** 63, 2 ** 63).indices(2 ** 63 + 5))
print(slice(True).indices(5), slice(-1, True, True).indices(True))

class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v

print(slice(Idx(1), Idx(-1)).indices(Idx(4)))
print(slice(None, None, Idx(-2)).indices(9))
show(lambda: slice(Idx("a")).indices(4))
show(lambda: slice(1).indices(Idx(2.5)))
show(lambda: slice(1).indices(2.0))
show(lambda: slice(1).indices("3"))
show(lambda: slice(1).indices(None))
show(lambda: slice(1).indices(-1))
show(lambda: slice(1, 2, 0).indices(5))
show(lambda: slice(None, None, 0).indices(-1))
show(lambda: slice(None, None, "x").indices(-1))
show(lambda: slice("a").indices(5))
show(lambda: slice(1, "a").indices(5))
show(lambda: slice(1.0, 2).indices(5))
show(lambda: slice(None, None, 0.5).indices(5))
show(lambda: slice(None, None, 0).indices("a"))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
