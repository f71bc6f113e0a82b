# equality and order of slices: as the tuples (start, stop, step)
a, b = slice(1, 2), slice(1, 2)
print(a == b, a is b, a != b, a == slice(1, 2, None), a == slice(1, 3))
print(slice(1, 2, 3) == slice(1, 2, 3.0), slice(1) == slice(None, 1), slice(1) == 1, slice(1) == (None, 1, None))
print(slice(1, [2]) == slice(1, [2]), slice("a") == slice("a"))
print(slice(1, 2) < slice(1, 3), slice(1, 2) <= slice(1, 2), slice(2) > slice(1), slice(0, 5) >= slice(0, 6))
print(sorted([slice(2, 1, 1), slice(1, 5, 1), slice(1, 0, 1), slice(1, 0, -1)]), max(slice(1, 2), slice(1, 3)))
print(slice(1) in [slice(0), slice(1)], [slice(1, 2)] == [slice(1, 2)], (slice(3),) < (slice(4),))
print([slice(1), slice(1)].count(slice(1)), [slice(2), slice(3)].index(slice(3)))

class Eq:
    def __eq__(self, other):
        return True

print(slice(Eq()) == slice(5), slice(1, Eq()) == slice(1, "x"))
for x, y in [(slice(1, None), slice(1, 2)), (slice(1), 3), (slice("a"), slice(1))]:
    try:
        print(x < y)
    except TypeError as e:
        print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
