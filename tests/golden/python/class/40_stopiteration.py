def first(it_obj):
    try:
        return it_obj.__next__()
    except StopIteration:
        return "empty"
class It:
    def __init__(self, xs):
        self.xs = xs
        self.i = 0
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= len(self.xs):
            raise StopIteration
        self.i += 1
        return self.xs[self.i - 1]
it = It([1, 2])
print(first(it), first(it), first(it))
try:
    raise StopIteration(42)
except StopIteration as e:
    print(e.value, e.args)
try:
    raise StopIteration
except StopIteration as e:
    print(e.value)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
