def even(x):
    print("test", x)
    return x % 2 == 0
f = filter(even, range(5))
print("made")
print(next(f))
print(list(f))
print(list(filter(None, [0, 1, "", "a", [], [0], None])))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
