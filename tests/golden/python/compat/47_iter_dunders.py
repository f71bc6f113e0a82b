# it.__next__() / it.__iter__() on the built-in iterators and generators (StopIteration and a generator's return value)
it = iter([1, 2])
print(it.__next__(), it.__iter__() is it, next(it))
try:
    it.__next__()
except StopIteration:
    print("stop")
g = (i * i for i in range(3)); print(g.__next__(), list(g))
def gen():
    yield 1
    return 5
G = gen(); print(G.__next__())
try:
    G.__next__()
except StopIteration as e:
    print("ret", e.value)
m = map(str, [1]); print(m.__next__(), iter(m) is m, zip([1], [2]).__next__(), enumerate("a").__next__(), reversed([1, 2]).__next__())
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (iter([3]).__next__(),)})
