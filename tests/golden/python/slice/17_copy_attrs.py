# slices with copy, getattr / hasattr, and attribute writes (read-only)
import copy
s = slice(1, [2], 3)
c = copy.copy(s)
d = copy.deepcopy(s)
print(c, c is s, d, d is s, d == s, d.stop is s.stop)
print(copy.deepcopy([slice(1), slice(2)]), copy.deepcopy({"k": slice(None, None, -1)}))
print(getattr(s, "step"), hasattr(s, "indices"), hasattr(s, "append"), getattr(s, "nope", "default"))
for stmt in ("s.start = 3", "s.extra = 1", "s.indices = 0"):
    try:
        if stmt == "s.start = 3":
            s.start = 3
        elif stmt == "s.extra = 1":
            s.extra = 1
        else:
            s.indices = 0
        print(stmt, "ok")
    except AttributeError as e:
        print(stmt, "AttributeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
