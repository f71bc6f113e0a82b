# a student's Monte-Carlo: 200,000 random() draws in a loop (plus the loop's own work), and a random walk
import random
from graph_lab import F, trace

random.seed(2024)
total = 0.0
for i in range(200000):
    total += random.random()
print(round(total / 200000, 6), random.random())
random.seed(7)
pos = 0
for step in range(5000):
    pos += random.choice((-1, 1))
print(pos, random.randint(1, 6), [random.randrange(0, 100, 10) for _ in range(5)])
hits = 0
for i in range(5000):
    x = random.uniform(-1, 1)
    y = random.uniform(-1, 1)
    if x * x + y * y <= 1:
        hits += 1
print(4 * hits / 5000)
deck = list(range(52))
random.shuffle(deck)
print(deck[:10], sum(random.getrandbits(1) for _ in range(500)))
trace(lambda x: F.exp(x), {"x": (random.randint(1, 4), 2)})
