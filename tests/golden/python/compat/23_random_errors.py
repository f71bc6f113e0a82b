# the draws' errors, as Lib/random.py and _random raise them (caught: each prints its message)
import random

r = random.Random(3)
tests = [
    lambda: r.random(1), lambda: r.getrandbits(), lambda: r.getrandbits(k=3), lambda: r.getrandbits(1.0),
    lambda: r.getrandbits(-1), lambda: r.getrandbits(2 ** 40), lambda: r.getrandbits("8"),
    lambda: random.Random.random(5), lambda: random.Random.random(), lambda: random.Random.randint(),
    lambda: r.randint(1), lambda: r.randrange(), lambda: r.randrange(1, 2, 3, 4), lambda: r.choice(),
    lambda: r.shuffle(), lambda: r.uniform(1), lambda: r._randbelow(),
    lambda: r.randrange(None), lambda: r.randrange(10, step=2), lambda: r.randrange(3, 3),
    lambda: r.randrange(3, 10, 0), lambda: r.randrange(10, 1, 2), lambda: r.randrange(0), lambda: r.randrange(-5),
    lambda: r.randint(5, 1), lambda: r.randint("a", "b"), lambda: r.uniform("a", "b"), lambda: r.uniform(1, "b"),
    lambda: r.choice([]), lambda: r.choice(""), lambda: r.choice(range(0)), lambda: r.choice(set()),
    lambda: r.choice({1, 2}), lambda: r.choice(5), lambda: r.shuffle((1, 2)), lambda: r.shuffle("ab"),
    lambda: r.sample({1, 2}, 1), lambda: r.sample([1, 2], 3), lambda: r.sample([1, 2], -1),
    lambda: r.randrange(10, None, 1), lambda: r.randrange(10, None), lambda: r.randrange(True, 5, True),
    lambda: r.choice({0: "a", 1: "b"}), lambda: r.getrandbits(True), lambda: r.getrandbits(0),
]
for i, t in enumerate(tests):
    try:
        print(i, repr(t()))
    except Exception as e:
        print(i, type(e).__name__ + ":", e)
class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
print(r.randrange(Idx(10)), r.randrange(Idx(2), Idx(40), Idx(3)), r.getrandbits(Idx(12)), r.randint(Idx(1), 3))
print(r.randrange(2 ** 80), r.randrange(-(2 ** 70), 2 ** 70, 3 ** 20), r.randint(2 ** 64, 2 ** 64 + 5), r.choice(range(2 ** 62)))
print(r.uniform(1, 2.5), r.uniform(2 ** 60, 2 ** 60 + 1), r.uniform(True, False), r.random())
from graph_lab import F, trace
random.seed(1)
trace(lambda x: F.exp(x), {"x": (random.randint(1, 4), 2)})
