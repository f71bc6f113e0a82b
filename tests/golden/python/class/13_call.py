class Adder:
    def __init__(self, n):
        self.n = n
    def __call__(self, x, scale=1):
        return (x + self.n) * scale
add5 = Adder(5)
print(add5(1), add5(2, scale=3), [add5(v) for v in [0, 10]], callable(add5))
class Counter:
    def __init__(self):
        self.calls = 0
    def __call__(self):
        self.calls += 1
        return self.calls
c = Counter()
c(); c()
print(c(), c.calls)
class NotCallable:
    pass
try:
    NotCallable()()
except TypeError as e:
    print("TypeError:", e)
print(callable(NotCallable), callable(NotCallable()), callable(len), callable(lambda: 0), callable(3), callable(c.__call__))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
