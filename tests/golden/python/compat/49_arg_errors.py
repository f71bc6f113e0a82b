# CPython's argument errors of the constructors and abs(), and of calls of the program's own functions and methods
tests = [lambda: abs(x=1), lambda: abs(), lambda: abs(1, 2), lambda: list(1, 2), lambda: tuple(1, 2), lambda: list(x=1), lambda: tuple(iterable=1), lambda: bool(1, 2), lambda: str(1, 2, 3, 4), lambda: float(1, 2), lambda: float(x=1), lambda: len(x=1), lambda: len(), lambda: int(1, 2, 3), lambda: range(x=1), lambda: dict(1, 2), lambda: bool(x=1), lambda: set(1, 2), lambda: frozenset(1, 2)]
for i, t in enumerate(tests):
    try:
        t()
    except TypeError as e:
        print(i, e)
class A:
    def m(self, x): return x
    def n(): return 1
def f(a, b=2, *, c): return a
tests2 = [lambda: A().m(), lambda: A().m(1, 2), lambda: A().n(), lambda: f(), lambda: f(1), lambda: f(1, c=1, d=2),
         lambda: f(1, 2, 3, c=1), lambda: A.m(1), lambda: A(1), lambda: len(), lambda: len(1, 2), lambda: sorted(),
         lambda: "a".split(1), lambda: [].append(), lambda: {}.get(), lambda: max(), lambda: range(), lambda: zip(1),
         lambda: int("x", base=2), lambda: print(sep=1), lambda: list(range(3))[1:2:0], lambda: {}.pop(),
         lambda: "".join(["a", 1]), lambda: sum([1], "a"), lambda: sorted([3, 1], key=len), lambda: A().zz,
         lambda: A.zz, lambda: f(1, a=2, c=3), lambda: min(1, 2, key=1), lambda: abs(), lambda: isinstance(1),
         lambda: "{0}{1}".format(1), lambda: "{a}".format(b=1), lambda: tuple(1, 2), lambda: set([[]]),
         lambda: dict(1), lambda: dict([(1, 2, 3)]), lambda: [1, 2].index(5), lambda: "abc".index("d", 1),
         lambda: (1, 2).count(), lambda: {1}.add(), lambda: {1}.add([]), lambda: frozenset().add(1)]
for i, t in enumerate(tests2):
    try:
        t()
        print(i, "ok")
    except Exception as e:
        print(i, type(e).__name__, e)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (abs(-2),)})
