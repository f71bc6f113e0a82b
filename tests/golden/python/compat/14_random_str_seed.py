# random.seed with a str: CPython 3.11 hashes its UTF-8 bytes with SHA-512 (version 2); the same sequences
import random

for seed in ["hello", "", "a", "形状", "GraphLab" * 40, "seed 42"]:
    random.seed(seed)
    print(repr(seed)[:24], random.random(), random.randint(1, 100), random.choice("abcdef"), random.gauss(0, 1))
    xs = list(range(10))
    random.shuffle(xs)
    print(" ", xs, random.sample(range(100), 3), random.uniform(1, 2), random.randrange(0, 50, 5), random.getrandbits(40))
r = random.Random("abc")
print(r.random(), r.choices("xyz", k=5), r.normalvariate(), r.expovariate(2.0), r.triangular(), r.triangular(1, 3, 2))
random.seed("same")
a = [random.random() for _ in range(3)]
random.seed("same")
print(a == [random.random() for _ in range(3)], random.getstate()[1][:3] == random.getstate()[1][:3])
from graph_lab import F, trace
random.seed("shape")
trace(lambda x: F.exp(x), {"x": (random.randint(1, 9), random.choice([2, 4, 8]))})
