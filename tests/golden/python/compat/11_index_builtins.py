# __index__ where CPython takes an integer: range(), repetition, hex / bin / oct, operator.index, int arguments
import itertools
import math
import operator


class N:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v

    def __repr__(self):
        return f"N({self.v})"


print(list(range(N(3))), list(range(N(1), N(9), N(3))), len(range(N(5))))
print("ab" * N(3), N(2) * "xy", [0] * N(3), N(2) * (1, 2), [1, 2] * N(0), "-" * N(-1) == "")
print(hex(N(255)), bin(N(5)), oct(N(8)), hex(True), bin(-N(3).v))
print(operator.index(N(7)), operator.index(True), operator.index(10 ** 20))
for bad in (1.5, "3", None):
    try:
        operator.index(bad)
    except TypeError as e:
        print("TypeError:", e)
print([1, 2, 3].pop(N(0)), "x".zfill(N(3)), "x".center(N(5), "*"), "abcabc".find("c", N(3)), round(2.71828, N(2)))
print(chr(N(65)), list(itertools.islice("abcdef", N(1), N(5), N(2))), math.isqrt(N(17)), list(enumerate("ab", N(5))))
xs = [1, 2, 3, 4]
xs.insert(N(1), 9)
print(xs, xs[slice(N(1), N(3))], slice(N(1), N(3)).indices(10), (4, 5, 6).index(6, N(1)))
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len(range(N(3))), len([0] * N(2)))})
