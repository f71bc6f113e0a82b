# a generator whose body defines a generator function runs again and again (itertools.groupby is one)
import itertools


def outer(n):
    def inner(k):
        for i in range(k):
            yield i
    for k in range(n):
        yield inner(k)


print([list(g) for g in outer(3)], [list(g) for g in outer(4)])
for word in ["aabbbc", "mississippi"]:
    print([(k, len(list(g))) for k, g in itertools.groupby(sorted(word))])
    print([(k, list(g)) for k, g in itertools.groupby(word)])
rows = [("a", 1), ("a", 2), ("b", 3)]
for _ in range(2):
    print({k: [v for _, v in grp] for k, grp in itertools.groupby(rows, key=lambda r: r[0])})
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len(list(itertools.groupby("aab"))),)})
