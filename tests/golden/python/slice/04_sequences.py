# x[s] for a slice value s on list / tuple / str / range is x[a:b:c], over a grid of bounds
data = list(range(7))
word = "形状abcdé"
tup = tuple("abcdefg")
rng = range(3, 40, 5)
vals = [None, -9, -7, -3, -1, 0, 1, 2, 6, 7, 9]
steps = [None, 1, 2, 3, -1, -2, -5, 9, -9]
n = same = 0
for a in vals:
    for b in vals:
        for c in steps:
            s = slice(a, b, c)
            for x in (data, word, tup, rng):
                n += 1
                if x[s] == x[a:b:c]:
                    same += 1
print(n, same)
s = slice(1, None, 2)
print(data[s], word[s], tup[s], rng[s])
print(data[slice(None, None, -1)], word[::-1], rng[slice(-2, None, -3)])
print(range(10)[slice(2, None, -1)], range(0, 100, 7)[slice(3, -3)], range(10)[slice(True, None, 2)])
print(data[slice(10 ** 30, -10 ** 30, -1)], data[slice(None, None, -10 ** 30)], data[slice(None, None, 10 ** 30)])
print(data[slice(-2 ** 64, 2 ** 64)], "xyz"[slice(True, None)])

class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v

print(data[Idx(1):Idx(5):Idx(2)], data[slice(Idx(-3), None)], word[Idx(1)::Idx(2)])
cut = slice(2, 5)
rows = [[i * 10 + j for j in range(6)] for i in range(4)]
print([r[cut] for r in rows])
window = slice(0, 3)
stream = "abcdefgh"
while stream:
    print(stream[window], end=" ")
    stream = stream[slice(3, None)]
print()

def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)

show(lambda: data[slice(1, 2, 0)])
show(lambda: data[slice("a", None, 0)])
show(lambda: data[1.5:])
show(lambda: data[slice(None, "b")])
show(lambda: word[slice(0.5)])
show(lambda: rng[slice(1, 2, 0)])
show(lambda: (1, 2)[slice(Idx("x"))])
for other in (5, {1, 2}, None, 2.5):
    show(lambda: other[slice(1)])
    show(lambda: other[1:2])
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
