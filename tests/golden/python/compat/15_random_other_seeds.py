# float seeds (by their hash, negative ones as an unsigned size_t), bools, big and negative ints, version=1
import random

for seed in [1.5, -1.5, 0.1, -2.0, 3.0, 1e300, True, -7, 2 ** 70, -(2 ** 70)]:
    random.seed(seed)
    print(seed, random.random(), random.randint(1, 6), random.choice([10, 20, 30]), round(random.gauss(5, 2), 12))
for seed in ["abc", "", "x" * 50]:
    random.seed(seed, version=1)
    print(repr(seed)[:10], random.random())
random.seed(3.0)
a = random.random()
random.seed(3)
print(a == random.random())
try:
    random.seed([1, 2])
except TypeError as e:
    print("TypeError:", e)
from graph_lab import F, trace
random.seed(-0.5)
trace(lambda x: F.exp(x), {"x": (random.randint(1, 9), random.randrange(2, 20, 2))})
