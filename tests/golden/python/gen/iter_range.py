r = range(2, 20, 3)
it = iter(r)
print(next(it), next(it), list(it))
print(list(reversed(range(10, 0, -3))), list(reversed(range(0))))
print(sum(range(10 ** 6)))
for i in range(10 ** 9):
    if i == 3:
        break
print(i)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
