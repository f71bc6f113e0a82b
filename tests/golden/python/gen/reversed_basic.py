print(list(reversed([1, 2, 3])), list(reversed((1, 2))), list(reversed(range(1, 10, 4))))
print("".join(reversed("hello")))
r = reversed([1, 2, 3])
print(next(r), list(r))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
