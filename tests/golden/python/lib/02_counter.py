from collections import Counter
from graph_lab import trace, F
ops = ["matmul", "add", "matmul", "softmax", "matmul", "add"]
c = Counter(ops)
print(c)
print(c.most_common(), c.most_common(1), c["matmul"], c["missing"])
print(sorted(c.elements()))
c.update(["add", "exp"])
c.subtract({"matmul": 1})
print(c, c.total())
print(Counter("hello") + Counter("world"))
print(Counter(a=3, b=1) - Counter(a=1, b=2))
print(Counter(a=3, b=1) | Counter(a=1, b=2), Counter(a=3, b=1) & Counter(a=1, b=2))
print(Counter(a=1) == Counter(a=1, b=0), Counter(), list(Counter("abcab")))
del c["exp"]
del c["never"]
print(dict(c))
def f(x):
    y = x
    for op, n in Counter(["tanh", "exp", "tanh"]).most_common():
        y = getattr(F, op)(y)
    return y
print(trace(f, {"x": (4,)}))
