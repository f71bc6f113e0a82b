# gauss (a C method with Lib/random.py's numbers): the Box-Muller pair kept in gauss_next, set by hand or by
# setstate, mu / sigma of any number type, a subclass's random, one that skips __init__ or hooks __setattr__
import random
# gauss goes through libm's log / sin / cos, whose last bit differs between builds: 12 digits
# (float(f"{x:.12g}"): what round(x, 12) cannot do for -2**70 + ...)
from graph_lab import F, trace


def R(x):
    return float(f"{x:.12g}")


for s in [0, 1, -7, "g", 2.5, 2**80]:
    random.seed(s)
    print([R(random.gauss()) for _ in range(5)], [R(random.gauss(3, 2)) for _ in range(3)], random.gauss(1, 0), R(random.gauss(-2**70, 3)))
    print(R(random.gauss(mu=1)), R(random.gauss(sigma=0.5)), R(random.gauss(5)), R(random.gauss(True, 2)), R(random.gauss(0.5, -1.5)))
r = random.Random(3)
r.gauss_next = 5
print(r.gauss(), R(r.gauss()), R(r.gauss()))
r.gauss_next = 2.5
print(r.gauss(10, 2), r.gauss_next)
class G(random.Random):
    def random(self):
        return 0.25
print(R(G(1).gauss()), R(G(1).gauss(2, 3)))
class N(random.Random):
    def __init__(self):
        pass
try:
    N().gauss()
except AttributeError as e:
    print("AttributeError", e)
class S(random.Random):
    def __setattr__(self, k, v):
        print("set", k, type(v).__name__)
        object.__setattr__(self, k, v)
q = S(4)
print(R(q.gauss()), R(q.gauss()))
try:
    random.gauss("a", 1)
except TypeError as e:
    print("TypeError", e)
print(random.gauss_next if hasattr(random, 'gauss_next') else random._inst.gauss_next)
st = random.getstate()
a = random.gauss()
random.setstate(st)
print(a == random.gauss())
total = 0.0
for i in range(150000):
    total += random.gauss(0, 1)
print(R(total))
trace(lambda x: F.exp(x), {"x": (2,)})
