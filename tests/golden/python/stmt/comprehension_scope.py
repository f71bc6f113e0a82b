from graph_lab import trace, F
x = "outer"
ys = [x for x in range(3)]
print(x, ys)
d = {k: k * 2 for k in "ab"}
print(d)
def f():
    z = [w * 2 for w in range(3)]
    return z
print(f())
n = 10
print([n + i for i in range(2)], [[i * j for j in range(3)] for i in range(2)])
trace(lambda x: F.exp(x), {"x": (2,)})
