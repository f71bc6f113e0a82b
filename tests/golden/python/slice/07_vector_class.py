# A Vector with __getitem__ / __setitem__ / __delitem__ taking ints and slices, and a Matrix taking tuples
class Vector:
    def __init__(self, *xs):
        self._xs = list(xs)

    def __len__(self):
        return len(self._xs)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Vector(*self._xs[i])
        return self._xs[i]

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            self._xs[i] = v._xs if isinstance(v, Vector) else v
        else:
            self._xs[i] = v

    def __delitem__(self, i):
        print("del", i)
        del self._xs[i]

    def __repr__(self):
        return "Vector(" + ", ".join(repr(x) for x in self._xs) + ")"

v = Vector(1, 2, 3, 4, 5, 6)
print(v[1:4], v[::-1], v[slice(None, None, 2)], v[-1])
v[1:3] = Vector(20, 30, 35)
print(v)
v[::2] = [0, 0, 0, 0]
print(v)
del v[1:3]
del v[::2]
del v[0]
print(v, len(v))
try:
    v[::2] = [1, 2, 3, 4, 5]
except ValueError as e:
    print("ValueError:", e)

class Matrix:
    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, key):
        if isinstance(key, tuple):
            r, c = key
            rows = self.rows[r] if isinstance(r, slice) else [self.rows[r]]
            picked = [row[c] for row in rows]
            return picked if isinstance(r, slice) else picked[0]
        return self.rows[key]

    def __setitem__(self, key, value):
        r, c = key
        self.rows[r][c] = value

m = Matrix([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(m[0], m[1, 2], m[:, 0], m[1:, 1:], m[::-1, ::2], m[0, :2])
m[1, ::2] = [40, 60]
print(m.rows)
m[2, 1:] = "xy"
print(m.rows)

class NoItems:
    pass

for op in ("get", "set", "del"):
    o = NoItems()
    try:
        if op == "get":
            o[1:2]
        elif op == "set":
            o[1:2] = 3
        else:
            del o[1:2]
    except TypeError as e:
        print(op, "TypeError:", e)

class OnlyGet:
    def __getitem__(self, k):
        return k

try:
    del OnlyGet()[::2]
except TypeError as e:
    print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
