class Bag:
    def __init__(self, items):
        self.items = list(items)
    def __len__(self):
        return len(self.items)
    def __getitem__(self, i):
        return self.items[i]
    def __setitem__(self, i, v):
        self.items[i] = v
    def __contains__(self, x):
        print("contains", x)
        return x in self.items
b = Bag([3, 1, 2])
print(len(b), b[0], b[-1], 2 in b, 5 in b, 5 not in b)
b[1] = 9
print(b.items, b[1])
try:
    b[10]
except IndexError as e:
    print("IndexError", e)
total = 0
for x in b:
    total += x
print(total, list(b), [x * 2 for x in b])
print(bool(b), bool(Bag([])))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
