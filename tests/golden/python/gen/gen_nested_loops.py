def pairs(n):
    for i in range(n):
        for j in range(i):
            if (i + j) % 2:
                continue
            yield i, j
        print("row", i)
print(list(pairs(4)))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
