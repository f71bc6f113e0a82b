from graph_lab import trace, F
x = 5
del x
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
l = list(range(8))
del l[0]
del l[-1]
print(l)
del l[1:3]
print(l)
del l[::2]
print(l)
a, b = 1, 2
del a, b
m = [1, 2, 3]
del (m[0], m[0])
print(m)
trace(lambda x: F.exp(x), {"x": (2,)})
