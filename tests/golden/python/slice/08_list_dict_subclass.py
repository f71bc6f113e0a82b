# list / dict subclasses that override __getitem__ / __setitem__ / __delitem__ get the slice object
class History(list):
    def __getitem__(self, i):
        r = super().__getitem__(i)
        return History(r) if isinstance(i, slice) else r

    def __setitem__(self, i, v):
        print("set", i, v)
        super().__setitem__(i, v)

    def __delitem__(self, i):
        print("del", i)
        super().__delitem__(i)

h = History([1, 2, 3, 4, 5])
tail = h[2:]
print(type(tail).__name__, tail, h[-1], type(h[::2]).__name__, h[::2])
h[1:3] = ["a", "b", "c"]
h[0] = 0
del h[::2]
print(h)
print(h[slice(None, None, -1)], list.__getitem__(h, slice(1)))

class Plain(list):
    pass

p = Plain([5, 6, 7])
print(type(p[1:]).__name__, p[1:], p[slice(2)])
p[0:1] = [9, 9]
del p[slice(-1, None)]
print(p, type(p).__name__)

class Table(dict):
    def __getitem__(self, key):
        if isinstance(key, slice):
            return [v for k, v in sorted(self.items()) if (key.start is None or k >= key.start) and (key.stop is None or k < key.stop)]
        return super().__getitem__(key)

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            for k in range(*key.indices(10)):
                super().__setitem__(k, value)
        else:
            super().__setitem__(key, value)

t = Table({1: "a", 2: "b", 5: "e", 3: "c"})
print(t[2:4], t[:3], t[3:], t[5])
t[7:10] = "z"
print(sorted(t.items()))
try:
    t.get(slice(1))
except TypeError as e:
    print("TypeError:", e)
try:
    super(Table, t).__getitem__(slice(1, 2))
except TypeError as e:
    print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
