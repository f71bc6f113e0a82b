# Random() instances are independent; getstate / setstate round trips (mid-buffer, after a twist); copies
import copy
import random

a = random.Random(5)
b = random.Random(5)
c = random.Random("five")
print([a.random() for _ in range(3)], [b.random() for _ in range(3)], c.randint(1, 100))
print(a.random() == b.random(), a.getrandbits(64) == b.getrandbits(64))
random.seed(5)
print(random.random() == random.Random(5).random())
for skip in (0, 1, 311, 312, 623, 624, 625, 1000):
    r = random.Random(skip)
    for _ in range(skip):
        r.getrandbits(32)
    st = r.getstate()
    first = [r.random(), r.randint(1, 10 ** 9), r.choice("abcdef"), r.getrandbits(100), r.gauss(0, 1)]
    r.setstate(st)
    again = [r.random(), r.randint(1, 10 ** 9), r.choice("abcdef"), r.getrandbits(100), r.gauss(0, 1)]
    print(skip, first == again, st[0], len(st[1]), st[1][-1], st[1][:2], st[2], first[:2])
g = random.Random(9)
g.gauss(0, 1)
st = g.getstate()
print(round(st[2], 12), g.gauss(0, 1) == st[2], type(st), type(st[1]))
g.setstate(st)
print(g.gauss(0, 1) == st[2])
# a version-2 state (signed words) is taken mod 2**32
v2 = (2, tuple(x - 2 ** 32 if x >= 2 ** 31 else x for x in st[1][:-1]) + (st[1][-1],), None)
h = random.Random()
h.setstate(v2)
g.setstate((3, st[1], None))
print(h.random() == g.random(), h.getstate() == g.getstate())
# module functions share one generator with getstate / setstate
random.seed(77)
s = random.getstate()
xs = [random.randrange(1000) for _ in range(700)]
random.setstate(s)
print(xs == [random.randrange(1000) for _ in range(700)], xs[:10])
# copies carry the state, then go their own way
p = random.Random(123)
p.random()
q = copy.copy(p)
d = copy.deepcopy(p)
print(q is p, type(q).__name__, p.random() == q.random() == d.random(), [q.randint(0, 9) for _ in range(5)])
print(vars(random.Random(1)))
for bad in [[1] * 625, (1,) * 624, (1.0,) * 625, (-1,) * 625, (2 ** 64,) * 625, (2 ** 64 - 1,) * 624 + (625,),
            (1,) * 624 + (-1,), (1,) * 624 + (2 ** 70,)]:
    try:
        random.Random().setstate((3, bad, None))
        print("ok", bad[-1])
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    random.setstate((4, st[1], None))
except ValueError as e:
    print("ValueError", e)
ok = random.Random()
ok.setstate((3, (2 ** 64 - 1,) * 624 + (624,), None))
print(ok.random(), ok.getstate()[1][:2])
print(random.random, random.randint, random.Random.random, random.Random.randint)
print([type(f).__name__ for f in (random.random, random.getrandbits, random.randint, random.choice,
                                  random.Random.random, random.Random.randint, random.Random._randbelow)])
from graph_lab import F, trace
random.seed(1)
trace(lambda x: F.exp(x), {"x": (random.randint(1, 4), 2)})
