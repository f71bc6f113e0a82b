xs = [1.5, 2.5, 3.0]
print(sum(x * x for x in xs))
print(sum((x for x in range(5)), 10))
print(sum([[1], [2, 3]], []))
print(sum(x for x in []))
print(max(x % 7 for x in range(20)), min(-x for x in range(3)))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
