print(max(1, 2, 3), min(1, 2, 3), max([4, 9, 2]), min("hello"))
print(max(range(5)), min(x for x in [3, 1, 2]))
print(max([1, 3, 3.0], key=lambda v: v), max([3.0, 3]))
print(max(["a", "bb", "cc"], key=len), min(["aa", "b", "c"], key=len))
print(max([], default=None), min((), default="empty"), max([5], default=0))
print(max(1, 2, key=lambda v: -v), min("abc", "b", key=len))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
