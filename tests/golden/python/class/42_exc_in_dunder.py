class Strict:
    def __init__(self, v):
        if v < 0:
            raise ValueError(f"negative: {v}")
        self.v = v
    def __add__(self, o):
        if not isinstance(o, Strict):
            raise TypeError("Strict + " + type(o).__name__)
        return Strict(self.v + o.v)
    def __eq__(self, o):
        raise RuntimeError("no comparing")
    def __repr__(self):
        return f"Strict({self.v})"
for make in [lambda: Strict(-1), lambda: Strict(1) + 2, lambda: Strict(1) == Strict(1), lambda: Strict(1) + Strict(2)]:
    try:
        print(make())
    except (ValueError, TypeError, RuntimeError) as e:
        print(type(e).__name__, e)
class BadRepr:
    def __repr__(self):
        raise KeyError("repr failed")
try:
    print([BadRepr()])
except KeyError as e:
    print("KeyError", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
