from graph_lab import trace, F
a, b = 1, 2
a, b = b, a
print(a, b)
x = y = [0]
x.append(1)
print(x, y, x is y)
p, q = q, p = 5, 6
print(p, q)
trace(lambda x: F.exp(x), {"x": (2,)})
