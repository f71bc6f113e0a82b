def a():
    raise ValueError
def b():
    raise ValueError("with message")
def c():
    try:
        a()
    except ValueError:
        print("c handles, re-raises")
        raise
def d():
    try:
        b()
    except ValueError as e:
        raise RuntimeError("wrapped") from e
def e():
    try:
        b()
    except ValueError as err:
        raise err
for f in [a, b, c, d, e]:
    try:
        f()
    except Exception as ex:
        print(f.__name__, type(ex).__name__, repr(ex), ex.__cause__ is not None)
try:
    raise TypeError("x", 1, [2])
except TypeError as ex:
    print(ex, ex.args, len(ex.args))
try:
    raise KeyError("missing")
except KeyError as ex:
    print(ex, repr(ex), ex.args[0])
try:
    raise 5
except TypeError as ex:
    print("TypeError:", ex)
try:
    raise int
except TypeError as ex:
    print("TypeError:", ex)
try:
    raise
except RuntimeError as ex:
    print("RuntimeError:", ex)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
