class ShapeMismatch(ValueError):
    pass
def check(a, b):
    if a != b:
        raise ShapeMismatch(f"{a} != {b}")
    return a
print(check(2, 2))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
check(2, 3)
