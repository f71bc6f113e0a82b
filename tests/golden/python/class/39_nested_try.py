def risky(n):
    if n == 0:
        raise ValueError("zero")
    if n == 1:
        raise KeyError("one")
    return n
for n in range(3):
    try:
        try:
            print("result", risky(n))
        except ValueError as e:
            print("inner ValueError", e)
            raise TypeError("converted") from e
    except TypeError as e:
        print("outer TypeError", e, type(e.__cause__).__name__)
    except KeyError as e:
        print("outer KeyError", e)
try:
    try:
        raise ValueError("first")
    except ValueError:
        raise IndexError("second")
except IndexError as e:
    print("context:", repr(e.__context__), e.__cause__)
try:
    try:
        pass
    except ValueError:
        print("no")
    else:
        raise RuntimeError("from else")
except RuntimeError as e:
    print("caught", e)
try:
    try:
        raise ValueError("a")
    finally:
        raise KeyError("b")
except Exception as e:
    print("finally replaced:", repr(e))
try:
    raise ValueError("v") from None
except ValueError as e:
    print(e.__cause__, e.__suppress_context__)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
