# functions carry attributes: a call-counting decorator, memo tables on the function, __name__ / __dict__,
# functools.wraps copying them (and __wrapped__); del of attributes of functions and instances
import functools


def count_calls(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        wrapper.calls += 1
        return f(*a, **k)
    wrapper.calls = 0
    return wrapper


@count_calls
def hi(n):
    """Say hi n times."""
    return "hi" * n


hi(1)
hi(2)
print(hi.calls, hi.__name__, hi.__doc__, hi.__wrapped__(3), hi.calls)


def f():
    pass


f.__name__ = "g"
f.x = 3
print(f.__name__, f.__qualname__, f.x, f.__dict__, hasattr(f, "x"), hasattr(f, "y"), getattr(f, "y", 0))
del f.x
print(hasattr(f, "x"), f.__dict__)
for bad in [lambda: f.y, lambda: delattr(f, "x")]:
    try:
        bad()
    except AttributeError as e:
        print("AttributeError:", e)
try:
    f.__name__ = 3
except TypeError as e:
    print("TypeError:", e)
tagged = lambda: 0
tagged.tag = "t"
setattr(tagged, "n", 2)
print(tagged.tag, tagged.n, tagged.__name__, vars(tagged) if False else sorted(tagged.__dict__))


class A:
    k = 1


a = A()
a.x, a.y = 1, 2
del a.x
print(hasattr(a, "x"), vars(a))
del A.k
print(hasattr(A, "k"))
try:
    del a.x
except AttributeError as e:
    print("AttributeError:", e)


def outer():
    def inner():
        pass
    return inner


print(outer(), outer().__qualname__, A.__init__ if False else "", hi, hi.__qualname__, (lambda: 0).__qualname__)
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (hi.calls,)})
