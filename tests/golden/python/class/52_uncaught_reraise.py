def inner():
    raise KeyError("deep")
def outer():
    try:
        inner()
    except KeyError:
        print("logging")
        raise
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
outer()
