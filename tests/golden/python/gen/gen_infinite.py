def naturals():
    n = 0
    while True:
        yield n
        n += 1
out = []
for n in naturals():
    if n > 5:
        break
    out.append(n)
print(out)
it = naturals()
print([next(it) for _ in range(4)], next(it))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
