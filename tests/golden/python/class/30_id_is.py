class C:
    pass
a, b = C(), C()
c = a
print(id(a) == id(c), id(a) == id(b), a is c, a is not b, isinstance(id(a), int))
l = [a, b]
print(l[0] is a, l.index(b) if False else l[1] is b)
def same(x, y):
    return x is y
print(same(a, c), same(a, b), None is None, type(a) is type(b))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
