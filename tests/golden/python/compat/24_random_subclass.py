# subclasses: Random.__init_subclass__ picks _randbelow from what a class defines (random only: without
# getrandbits; getrandbits: with it), overrides of randrange reach randint, super() reaches Random's methods
import random


class Fixed(random.Random):
    def __init__(self):
        super().__init__(0)
        self.k = 0

    def random(self):
        self.k += 1
        return (self.k * 0.618033988749895) % 1.0


f = Fixed()
print([f.randrange(10) for _ in range(8)], f.choice("abcdef"), [f.randint(1, 3) for _ in range(5)], f.uniform(0, 10))
xs = list(range(8))
f.shuffle(xs)
print(xs, f.sample(range(20), 4), f.k)


class Bits(random.Random):
    calls = 0

    def getrandbits(self, k):
        Bits.calls += 1
        return super().getrandbits(k)


b = Bits(11)
print([b.randrange(100) for _ in range(6)], b.choice([1, 2, 3]), b.randint(1, 6), Bits.calls, b.random())


class Below(random.Random):
    def _randbelow(self, n):
        return super()._randbelow(n) if n > 3 else 0


w = Below(5)
print([w.randrange(3) for _ in range(4)], [w.randrange(50) for _ in range(4)], w.choice("xy"), w.choice("abcdefgh"))


class Range(random.Random):
    def randrange(self, start, stop=None, step=1):
        return -1


print(Range(1).randint(1, 10), Range(1).randrange(5), Range(1).choice("abc"))


class NoInit(random.Random):
    def __init__(self, tag):
        self.tag = tag


n = NoInit("t")
print(n.tag, n.random(), n.randint(1, 100), random.Random(0).random())
o = random.Random(8)
o.random = lambda: 0.25
print(o.uniform(0, 4), o.random(), o.randrange(10), o.choices("abcd", k=3))
o.getrandbits = lambda k: 0
print(o.randrange(10), o.randint(1, 5), o.getrandbits(7))
from graph_lab import F, trace
random.seed(1)
trace(lambda x: F.exp(x), {"x": (random.randint(1, 4), 2)})
