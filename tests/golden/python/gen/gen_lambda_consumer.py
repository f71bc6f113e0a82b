def squares(n):
    for i in range(n):
        print("sq", i)
        yield i * i
print(list(map(lambda v: v + 1, squares(3))))
print(sorted(squares(3), key=lambda v: -v))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
