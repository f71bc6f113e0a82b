print(sorted([3, 1, 2]), sorted("bca"), sorted((2.5, 1, -1)))
print(sorted({"b": 1, "a": 2}), sorted([3, 1, 2], reverse=True))
print(sorted(x * x for x in range(-3, 3)))
print(sorted([]), sorted([[2, 1], [1, 5], [1, 2]]))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
