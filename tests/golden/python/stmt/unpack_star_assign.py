from graph_lab import trace, F
a, *rest = [1, 2, 3, 4]
print(a, rest)
*init, last = (1, 2, 3)
print(init, last)
first, *_, final = "python"
print(first, _, final)
x, *y = [1]
print(x, y)
a, *b, c = range(5)
print(a, b, c)
trace(lambda x: F.exp(x), {"x": (2,)})
