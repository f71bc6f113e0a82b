xs = [1, 2, 3]
for x in xs:
    if x < 3:
        xs.append(x * 10)
    print(x)
print(xs)
it = iter(xs)
next(it)
xs.append(99)
print(list(it))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
