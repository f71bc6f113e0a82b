# a slice is unhashable in 3.11: as a dict key, a set item, hash()
def show(label, f):
    try:
        print(label, f())
    except TypeError as e:
        print(label, "TypeError:", e)

d = {"a": 1}
show("get", lambda: d[1:2])
show("get value", lambda: d[slice(1)])
show("get tuple", lambda: d[1:2, 3])
show("dict.get", lambda: d.get(slice(1)))
show("in", lambda: slice(1) in d)
show("literal", lambda: {slice(1): 2})
show("hash", lambda: hash(slice(1)))
show("set", lambda: {slice(1, 2)})
show("set in", lambda: slice(1) in {1})
show("frozenset", lambda: frozenset([slice(None)]))
show("fromkeys", lambda: dict.fromkeys([slice(1)]))

def store():
    d[2:3] = 4
def delete():
    del d[::2]
def setdefault():
    d.setdefault(slice(0), 1)
for f in (store, delete, setdefault):
    show(f.__name__, f)
print(d)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
