n = 10
g = (x + n for x in range(3))
n = 100
print(list(g))
xs = [1, 2]
g2 = (x for x in xs)
xs = [3, 4]
print(list(g2))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
