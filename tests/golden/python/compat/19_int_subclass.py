# classes derived from int: as indices, in arithmetic (plain ints out), __new__ / super().__new__, __repr__ / __str__
class MyInt(int):
    pass
class Cents(int):
    def __new__(cls, dollars):
        return super().__new__(cls, round(dollars * 100))
    def __repr__(self):
        return f"Cents({int(self)})"
    def __str__(self):
        return f"${self / 100:.2f}"
    def double(self):
        return Cents(self * 2 / 100)
class Odd(int):
    def __eq__(self, other):
        return False


class Level(int):
    def __init__(self, v, name="?"):
        self.name = name
lst = [10, 20, 30, 40]
m = MyInt(2)
print(m, type(m), type(m).__name__, isinstance(m, int), lst[m], lst[MyInt(-1)], (1, 2, 3)[MyInt(0)], "abc"[MyInt(1)], range(10)[MyInt(4)])
print(m + 1, type(m + 1), m * 2, m == 2, hash(m) == hash(2), {m: 'x'}[2], MyInt('ff', 16), MyInt(), MyInt(3.9), MyInt(True))
c = Cents(1.25)
print(c, repr(c), c.double(), str(c.double()), c + 5, int(c), float(c), c > 100, sorted([Cents(2), Cents(1)]))
print(m.bit_length(), MyInt(7).real, m.__class__.__name__, MyInt.__mro__, issubclass(MyInt, int), f"{m:05d}", "%d" % m)
lst[MyInt(0)] = 99
del lst[MyInt(1)]
print(lst, list(range(MyInt(3))), "ab" * MyInt(2), [0] * MyInt(2), hex(MyInt(255)))
m.tag = 'attr'
print(m.tag, vars(m))
L = Level(3)
print(L, L.name, L + 1, -L, abs(Level(-2)), +Level(5), type(abs(Level(2))).__name__, type(+Level(2)).__name__, type(round(Level(2))).__name__)
for bad in [lambda: MyInt("x"), lambda: int.__new__(list, 3), lambda: Level(4, "four"), lambda: hash(Odd(1))]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
print(int.__new__(MyInt, 5), type(int.__new__(MyInt, 5)).__name__, int.__new__(int, 6))
print(sum([MyInt(1), MyInt(2)]), max(MyInt(1), 0), divmod(MyInt(7), 2), MyInt(7) // 2, MyInt(5) ** 2, bool(MyInt(0)))
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (MyInt(2), int(Cents(0.03)))})
