# classes derived from tuple itself: tuple.__new__, a user __new__ with super().__new__, methods, __init__
class Pair(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))

    @property
    def first(self):
        return self[0]

    def swap(self):
        return Pair(self[1], self[0])


class Bag(tuple):
    pass


class Labeled(tuple):
    def __init__(self, items, label="?"):
        self.label = label


p = Pair(1, 2)
print(p, type(p).__name__, isinstance(p, tuple), p.first, p.swap(), len(p), p + (3,), type(p + (3,)), p == (1, 2))
print(hash(p) == hash((1, 2)), p[::-1], type(p[::-1]), sorted([Pair(2, 1), Pair(1, 9)]), Pair.__mro__)
b = Bag([1, 2, 3])
print(b, Bag(), Bag("ab"), type(b).__name__, b.count(1), b.index(3), tuple.__new__(Bag, "xy"), type(tuple.__new__(Bag, "xy")).__name__)
print(tuple(b), type(tuple(b)), b * 2, type(b * 2), issubclass(Bag, tuple), Bag.__bases__, repr(b), str(b))
b.note = "attrs"
print(b.note, tuple.__len__(b), tuple.__getitem__(b, 1), b[1:], {b: 1}[(1, 2, 3)])
lab = Labeled([4, 5], label="L")
print(lab, lab.label, len(lab), Labeled("hi").label)
try:
    Bag(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    b[0] = 5
except TypeError as e:
    print("TypeError:", e)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": Pair(3, 5)})
