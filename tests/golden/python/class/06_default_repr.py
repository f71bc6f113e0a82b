class Thing:
    pass
t = Thing()
r = repr(t)
print(r[:29] == "<__main__.Thing object at 0x", r[-1] == ">")
print(str(t) == repr(t))
print(t)
print([t])
print(Thing, type(t), type(Thing))
class Method:
    def f(self):
        return 1
m = Method().f
print(repr(m)[:56] == "<bound method Method.f of <__main__.Method object at 0x")
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
