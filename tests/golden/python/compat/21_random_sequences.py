# long sequences of every draw, under seeds of every kind: int, negative int, big int, str, float
import random

SEEDS = [0, 1, 42, -1, -123456789, 2 ** 32 - 1, 2 ** 32, 2 ** 64 + 3, -(2 ** 100) - 7, 10 ** 50, "", "seed", "形状 ok",
         3.25, -0.5, 1e-300]
for s in SEEDS:
    random.seed(s)
    print(repr(s)[:16], [random.random() for _ in range(12)])
    print(" randint", [random.randint(1, 6) for _ in range(40)], [random.randint(-10 ** 12, 10 ** 12) for _ in range(4)])
    print(" randrange", [random.randrange(10) for _ in range(20)], [random.randrange(3, 100, 7) for _ in range(15)],
          [random.randrange(50, -50, -3) for _ in range(15)], [random.randrange(-20, -5) for _ in range(10)],
          [random.randrange(0, 2 ** 60, 2 ** 40 + 1) for _ in range(3)])
    print(" choice", "".join(random.choice("abcdefghij") for _ in range(30)), [random.choice((1, 2.5, "x", None)) for _ in range(8)],
          [random.choice(range(1000, 0, -7)) for _ in range(8)], "".join(random.choice("形状αβγ") for _ in range(10)),
          [random.choice([[1], [2, 3]]) for _ in range(4)])
    xs = list(range(25))
    random.shuffle(xs)
    ys = ["a", "b", "c"]
    random.shuffle(ys)
    print(" shuffle", xs, ys)
    print(" sample", random.sample(range(10), 10), random.sample(range(10 ** 6), 8), random.sample("abcdefghijklmnop", 5),
          random.sample(range(30), 25))
    print(" bits", [random.getrandbits(k) for k in range(1, 70, 3)])
    print(" bits", [random.getrandbits(k) for k in (96, 127, 128, 129, 160, 199, 200)])
    print(" uniform", [random.uniform(-1, 1) for _ in range(4)], random.uniform(10, 2), random.uniform(3, 3))
    # gauss & co. go through libm's log / sin / cos, whose last bit differs between builds: 12 digits
    print(" gauss", [round(random.gauss(0, 1), 12) for _ in range(7)], [round(random.gauss(10, 0.5), 12) for _ in range(3)])
    print(" other", round(random.normalvariate(2, 3), 12), round(random.expovariate(1.5), 12), random.triangular(0, 10, 3),
          random.choices("xyz", k=6), random.choices(range(4), weights=[5, 1, 0, 2], k=6))
from graph_lab import F, trace
random.seed(1)
trace(lambda x: F.exp(x), {"x": (random.randint(1, 4), 2)})
