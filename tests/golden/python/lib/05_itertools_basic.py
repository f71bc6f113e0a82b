import itertools
from itertools import chain, product, accumulate, islice, count
from graph_lab import trace, F
print(list(chain([1, 2], (3,), "ab")), list(chain.from_iterable([[1], [2, 3]])))
print(list(product("ab", [0, 1])), list(product([1, 2], repeat=2)))
print(list(itertools.permutations("abc", 2)))
print(list(itertools.combinations(range(4), 3)), list(itertools.combinations_with_replacement("xy", 2)))
print(list(accumulate([1, 2, 3, 4])), list(accumulate([3, 1, 4], max)), list(accumulate([1, 2], initial=10)))
print(list(islice(count(), 5)), list(islice("abcdefg", 2, None, 2)), list(islice(count(10, 5), 1, 4)))
print(list(itertools.repeat(7, 3)), list(zip(range(3), itertools.cycle("ab"))))
print(list(itertools.zip_longest([1, 2, 3], "ab", fillvalue=0)))
print([(k, len(list(g))) for k, g in itertools.groupby(sorted("mississippi"))])
print(list(itertools.pairwise([1, 2, 4, 8])))
print(list(itertools.starmap(lambda a, b: a * b, [(2, 3), (4, 5)])))
print(list(itertools.takewhile(lambda v: v < 10, [1, 5, 12, 3])), list(itertools.dropwhile(lambda v: v < 10, [1, 5, 12, 3])))
print(list(itertools.filterfalse(lambda v: v % 2, range(6))), list(itertools.compress("abcdef", [1, 0, 1, 0, 1, 1])))
a, b = itertools.tee(iter([1, 2, 3]))
print(next(a), list(a), list(b))
def f(x, y):
    outs = [u * v for u, v in product([x, y], [x])]
    return list(accumulate(outs))[-1]
print(trace(f, {"x": (3,), "y": (3,)}))
