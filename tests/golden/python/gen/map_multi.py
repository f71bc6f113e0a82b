print(list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])))
print(list(map(pow, [2, 3], [3, 2])) if False else list(map(max, [1, 5], [4, 2], [3, 3])))
print(list(map(str, range(3))), list(map(len, ["ab", "", "c"])))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
