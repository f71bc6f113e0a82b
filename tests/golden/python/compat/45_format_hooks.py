# str % obj (one argument that is not a tuple) and f"{obj}" / "{}".format(obj) / format(obj) calling __format__
class V:
    def __init__(self, x):
        self.x = x

    def __format__(self, spec):
        return f"V[{self.x}:{spec}]"

    def __str__(self):
        return f"<{self.x}>"

    def __repr__(self):
        return f"V({self.x})"


class W:
    def __str__(self):
        return "W"


v = V(1)
print(f"{v}", f"{v:x}", f"{v!s}", f"{v!r}", "{}".format(v), "{:y}".format(v), "{0!r:>8}".format(v), format(v), format(v, "z"))
print("%s" % v, "%r" % v, "%s and %s" % (v, W()), "%-6s|" % W(), f"{W()}", "{}".format(W()), format(W()))
try:
    format(W(), "x")
except TypeError as e:
    print("TypeError:", e)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len(f"{v}"),)})
