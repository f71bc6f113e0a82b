from graph_lab import trace, F
a, b = [1, 2], (3, 4)
print([*a, *b], (*a, *b), [0, *a, 9], (*"hi",))
d1 = {"x": 1, "y": 2}
d2 = {"y": 3, "z": 4}
print({**d1, **d2}, {**d2, "x": 0, **{}}, {"w": 0, **d1})
t = *a, *b
print(t)
trace(lambda x: F.exp(x), {"x": (2,)})
