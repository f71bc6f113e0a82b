import collections as C
import itertools as it
from functools import *
from operator import add as plus
from graph_lab import trace, F
print(C.Counter("aab")["a"], list(it.islice(it.count(3), 2)), plus(2, 3), reduce(plus, [1, 2, 3]))
print(C.__name__, type(C.deque()).__name__, C.deque.__module__, it.chain.__module__)
print(partial, lru_cache(maxsize=2)(abs)(-3), callable(wraps))
try:
    import random_module_that_does_not_exist
except ImportError as e:
    print(type(e).__name__, e)
try:
    from collections import not_a_name
except ImportError as e:
    print(type(e).__name__)
def chain(*xs):
    return "user's chain"
print(chain(), list(it.chain([1], [2])))
print(trace(lambda x: F.exp(x), {"x": (1,)}))
