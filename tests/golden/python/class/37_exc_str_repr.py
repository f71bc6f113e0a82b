es = [ValueError(), ValueError("one"), ValueError("two", 2), ValueError(3), KeyError("k"), KeyError(1, 2),
      IndexError("list index out of range"), Exception(None), RuntimeError([1, "a"])]
for e in es:
    print(str(e), "|", repr(e), "|", e.args)
e = TypeError("msg")
print(f"{e}", f"{e!r}", [e], (e,))
print(Exception, ValueError, type(e))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
