print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([0.1] * 10), sum([1, 2.5]))
print(sum([(1,), (2,)], ()), sum(range(101)), sum([True, True, False]))
print(sum([1, 2], start=5))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
