import random
from graph_lab import trace, F
random.seed(0)
print(random.random(), random.random(), random.randint(1, 10), random.getrandbits(70))
random.seed(42)
print(random.choice("abcdef"), random.sample(range(100), 5), random.uniform(1, 2))
order = list(range(10))
random.shuffle(order)
print(order)
print(random.gauss(0, 1), random.gauss(0, 1), random.normalvariate(), random.choices("abc", weights=[1, 2, 3], k=4))
r = random.Random(2**70 + 5)
print(r.random(), r.randrange(0, 100, 7), r.expovariate(2.0), r.randrange(10))
random.seed(-7)
print(random.sample(range(1000), 30)[:5], random.choices(range(5), k=3))
try:
    random.randrange(5, 5)
except ValueError as e:
    print("ValueError:", e)
try:
    random.choice([])
except IndexError as e:
    print("IndexError:", e)
# a random depth of layers, the same CPython would pick
random.seed(7)
depth = random.randint(2, 4)
def f(x, w):
    for _ in range(depth):
        x = F.silu(x @ w)
    return x
print(depth, trace(f, {"x": (2, 4), "w": (4, 4)}))
