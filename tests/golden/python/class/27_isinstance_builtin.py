vals = [1, 2.5, "s", [1], {"a": 1}, (1,), True, None, range(3)]
for v in vals:
    print(type(v).__name__, isinstance(v, int), isinstance(v, float), isinstance(v, str), isinstance(v, (list, tuple)),
          isinstance(v, dict), isinstance(v, bool), isinstance(v, object))
print(isinstance(True, int), issubclass(bool, int), issubclass(int, bool), issubclass(int, object))
print(isinstance(3, (str, (float, int))), isinstance("x", ()))
try:
    isinstance(3, 4)
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(3, int)
except TypeError as e:
    print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
