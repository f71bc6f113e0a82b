def div(a, b):
    try:
        r = a / b
    except ZeroDivisionError:
        print("div by zero")
        return None
    else:
        print("ok", r)
        return r
    finally:
        print("finally", a, b)
print(div(1, 2), div(1, 0))
try:
    [1, 2][5]
except (KeyError, IndexError) as e:
    print("caught", type(e).__name__, e)
try:
    undefined_name
except:
    print("bare except")
try:
    x = 1
except ValueError:
    print("no")
else:
    print("else runs", x)
for exc in [ValueError, TypeError, KeyError]:
    try:
        raise exc("boom")
    except ValueError as e:
        print("ValueError branch", e)
    except (TypeError, KeyError) as e:
        print("other branch", type(e).__name__, e)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
