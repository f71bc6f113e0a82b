# The with statement: __enter__ / __exit__ of a class, several items, as-targets, exceptions passed to __exit__
# (swallowed when it returns true), return / continue through it, CPython's TypeErrors.
class Boom:
    def __enter__(self):
        return 1
    def __exit__(self, *a):
        print("exit args", a[0].__name__ if a[0] else None, a[1])
        return False
def f():
    for i in range(3):
        with Boom() as v:
            if i == 1:
                continue
            if i == 2:
                return "ret"
            print("i", i, v)
print(f())
try:
    with Boom():
        1 / 0
except ZeroDivisionError as e:
    print("propagated", e)
class NoExit:
    def __enter__(self):
        return self
try:
    with NoExit():
        pass
except TypeError as e:
    print("TypeError", e)
try:
    with 5:
        pass
except TypeError as e:
    print("TypeError", e)
class BadExit:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        raise ValueError("from exit")
try:
    with BadExit():
        raise KeyError("k")
except ValueError as e:
    print("ValueError", e, repr(e.__context__))
with Boom() as (a):
    print(a)

class Ctx:
    def __init__(self, name):
        self.name = name
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, et, ev, tb):
        print("exit", self.name, et.__name__ if et else None)
        return et is KeyError
with Ctx("a") as c, Ctx("b"):
    print("body", c.name)
with Ctx("c"):
    raise KeyError("swallowed")
print("after")

from graph_lab import F, trace

trace(lambda x: F.exp(x), {"x": (2,)})
