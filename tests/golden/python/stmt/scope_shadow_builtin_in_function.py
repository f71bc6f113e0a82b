from graph_lab import trace, F
def f(xs):
    total = sum(xs)
    max = total * 2
    return max
print(f([1, 2]), max(1, 2))
def g():
    print(min([3, 1]))
g()
trace(lambda x: F.exp(x), {"x": (2,)})
