# reseeding in a loop, a long str seed, big and negative int seeds, getstate / setstate
import random

firsts = []
for trial in range(300):
    random.seed(f"trial-{trial}")
    firsts.append(random.randint(0, 9))
print(firsts[:20], sum(firsts))
random.seed("ab" * 5000)
print(random.random(), random.getrandbits(33))
for s in [2 ** 32, 2 ** 64 - 1, -(2 ** 64), 10 ** 100, -(10 ** 30) - 1]:
    random.seed(s)
    print(s % 1000, random.random())
random.seed("state")
state = random.getstate()
a = [random.random() for _ in range(700)]
random.setstate(state)
print(a == [random.random() for _ in range(700)], state[1][:3], state[1][-1], len(state[1]))
rng = random.Random(123)
print([rng.randrange(100) for _ in range(8)], rng.sample("abcdefgh", 3))
from graph_lab import F, trace
random.seed("layers")
trace(lambda x: F.tanh(x), {"x": (random.randint(2, 6), random.randint(2, 6))})
