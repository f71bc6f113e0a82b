from graph_lab import trace, F
def f(*a, **k):
    return a, k
xs, ys = [1, 2], (3,)
d1, d2 = {"a": 1}, {"b": 2}
print(f(*xs, *ys, 0, *"ab"))
print(f(**d1, **d2, c=3))
print(f(0, *xs, x=1, **d1))
print(max(*[3, 9, 2]), min(*"zya"))
trace(lambda x: F.exp(x), {"x": (2,)})
