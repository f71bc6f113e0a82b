class C:
    cls_attr = "c"
    def __init__(self):
        self.a = 1
    def m(self):
        return "m" + str(self.a)
o = C()
print(hasattr(o, "a"), hasattr(o, "b"), hasattr(o, "m"), hasattr(o, "cls_attr"), hasattr(C, "a"))
print(getattr(o, "a"), getattr(o, "b", "default"), getattr(o, "m")(), getattr(C, "cls_attr"))
setattr(o, "b", [2])
print(o.b, getattr(o, "b"))
setattr(C, "added", 42)
print(o.added, C.added)
delattr(o, "b")
print(hasattr(o, "b"))
try:
    getattr(o, "missing")
except AttributeError as e:
    print("AttributeError:", e)
try:
    C.missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    delattr(o, "nope")
except AttributeError as e:
    print("AttributeError:", e)
name = "a"
print(getattr(o, name) + 1, o.__dict__, vars(o))
print(hasattr(3, "real") if False else hasattr([], "append"), hasattr({}, "nope"))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
