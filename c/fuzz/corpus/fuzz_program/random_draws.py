import random
from graph_lab import F, trace
r = random.Random("seed")
xs = list(range(10))
r.shuffle(xs)
s = r.getstate()
n = r.randrange(1, 2**61, 3) + r.randint(-5, 5) + r.getrandbits(70) + len(r.sample(xs, 3))
r.setstate(s)
class R(random.Random):
    def random(self):
        return 0.5
print(n, r.choice("ab"), r.uniform(1, 2), R(1).randrange(9), xs)
trace(lambda x: F.exp(x), {"x": (r.randint(1, 3),)})
