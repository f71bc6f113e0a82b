def g():
    i = 0
    while True:
        i += 1
        if i % 2 == 0:
            continue
        if i > 7:
            break
        yield i
    yield "after"
    for x in [1, 2, 3, 4]:
        if x == 3:
            break
        yield -x
print(list(g()))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
