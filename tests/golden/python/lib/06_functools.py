import functools
import operator
from functools import reduce, partial, lru_cache
from graph_lab import trace, F
print(reduce(operator.add, [1, 2, 3, 4]), reduce(lambda a, b: a * b, range(1, 6)), reduce(max, [3, 9, 2], 0))
print(reduce(operator.add, [[1], [2], [3]], []))
try:
    reduce(operator.add, [])
except TypeError as e:
    print("TypeError:", e)
base2 = partial(int, base=2)
print(base2("1010"), base2("11", base=3))
p = partial(pow, 2)
print(p(10), p.args, p.keywords, p.func is pow)
@lru_cache(maxsize=None)
def paths(n):
    return 1 if n < 2 else paths(n - 1) + paths(n - 2)
print(paths(60), paths.cache_info())
paths.cache_clear()
print(paths.cache_info())
@lru_cache
def sq(v):
    return v * v
print(sq(4), sq(4), sq.cache_info().hits, sq.cache_info().misses)
@functools.cache
def tri(n):
    return n + tri(n - 1) if n else 0
print(tri(50))
print(sorted(["bb", "a", "ccc"], key=functools.cmp_to_key(lambda a, b: len(b) - len(a))))
@functools.total_ordering
class Version:
    def __init__(self, n):
        self.n = n
    def __eq__(self, o):
        return self.n == o.n
    def __lt__(self, o):
        return self.n < o.n
print(Version(1) <= Version(2), Version(3) > Version(2), Version(2) >= Version(2))
def logged(fn):
    @functools.wraps(fn)
    def inner(*a):
        return fn(*a)
    return inner
@logged
def layer(x, w):
    """one matmul"""
    return x @ w
print(layer.__name__, layer(2, 3) if False else "wrapped")
def f(x, w1, w2, w3):
    return reduce(lambda h, w: F.silu(h @ w), [w1, w2, w3], x)
print(trace(f, {"x": (2, 4), "w1": (4, 4), "w2": (4, 4), "w3": (4, 4)}))
