from collections import Counter, namedtuple, deque
from itertools import islice
from graph_lab import trace, F
for bad in [lambda: Counter(5), lambda: namedtuple("T", "a a"), lambda: namedtuple("T", "_a"),
            lambda: islice([1], -1), lambda: deque([1], maxlen=-1), lambda: deque([1]).remove(7)]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
def f(x):
    return F.exp(x)
print(trace(f, {"x": (1,)}))
