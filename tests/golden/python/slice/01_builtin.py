# slice(...) as a value: its parts, repr / str, type
s = slice(5)
print(s, repr(s), str(s))
print(s.start, s.stop, s.step)
t = slice(1, 10, 2)
print(t.start, t.stop, t.step, t)
u = slice(2, 8)
print(u, u.step is None)
print(slice(None), slice(None, None, None), slice(-1, None, -1))
print(slice("a", [1, 2], {"k": (3,)}))
print(slice(1.5, 2.5), slice(True, False))
print(slice(10 ** 30, -10 ** 25, 3))
print(type(s), type(s).__name__, type(s) is slice)
print(isinstance(s, slice), isinstance(3, slice), isinstance(s, (int, slice)))
print([slice(1), slice(2, 3)], (slice(0, 1),), {"k": slice(4)})
print(f"{t}", "%s" % (t,), "{}".format(u), format(u))
print(bool(slice(None)), bool(slice(0)))
nested = slice(slice(1), slice(2, 3))
print(nested, nested.start.stop, nested.stop.start)
cells = [1, 2]
loop = slice(cells)
cells.append(loop)
print(loop, cells)
print(slice(1, 5, 0))             # making it is fine: step 0 only fails when used
print(slice.indices(slice(2), 5))
m = slice(3).indices
print(m(10), callable(m))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
