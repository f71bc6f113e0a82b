calls = []
def log(fn):
    def wrapper(a, b=None):
        calls.append(fn.__name__)
        return fn(a) if b is None else fn(a, b)
    return wrapper
def times(n):
    def deco(fn):
        def wrapper(x):
            return fn(x) * n
        return wrapper
    return deco
@log
def add(a, b):
    return a + b
@times(3)
def inc(x):
    return x + 1
@log
@times(2)
def sq(x):
    return x * x
print(add(1, 2), inc(1), sq(3), calls)
def announce(fn):
    print("decorating", fn.__name__)
    return fn
@announce
def hello():
    return "hi"
print(hello())
registry = {}
def register(name):
    def deco(fn):
        registry[name] = fn
        return fn
    return deco
@register("double")
def double(x):
    return 2 * x
@register("neg")
def neg(x):
    return -x
print(sorted(registry) if False else list(registry), registry["double"](4), registry["neg"](4))
def replace(fn):
    return 42
@replace
def gone():
    pass
print(gone)
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
