class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
for i in Countdown(3):
    print("tick", i)
print(list(Countdown(4)), sum(Countdown(5)))
class Range2:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return Countdown(self.n)
r = Range2(3)
print(list(r), list(r), 2 in r, 7 in r)
a, b, c = Range2(3)
print(a, b, c)
print(dict(zip(["a", "b"], Countdown(2))), tuple(Range2(2)))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
