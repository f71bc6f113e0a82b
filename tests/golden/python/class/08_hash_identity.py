class Key:
    def __init__(self, name):
        self.name = name
    def __repr__(self):
        return "Key(" + self.name + ")"
k1, k2 = Key("a"), Key("a")
d = {k1: 1, k2: 2}
print(len(d), d[k1], d[k2])
d[k1] = 10
print(d[k1], d[k2], k1 in d, Key("a") in d)
seen = {}
for k in [k1, k2, k1, k1]:
    seen[k] = seen.get(k, 0) + 1
print(list(seen.values()))
class Point:
    def __init__(self, x):
        self.x = x
    def __eq__(self, o):
        return isinstance(o, Point) and o.x == self.x
try:
    {Point(1): 1}
except TypeError as e:
    print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
