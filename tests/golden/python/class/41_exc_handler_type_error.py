try:
    try:
        raise ValueError("x")
    except int:
        print("never")
except TypeError as e:
    print("TypeError:", e)
class NotExc:
    pass
try:
    try:
        1 / 0
    except (ZeroDivisionError, NotExc) as e:
        print("matched first", e)
except TypeError as e:
    print("TypeError:", e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
