# the builtin's argument errors, and what a slice is not
def show(f):
    try:
        print("ok", f())
    except Exception as e:
        print(type(e).__name__ + ":", e)

show(lambda: slice())
show(lambda: slice(1, 2, 3, 4))
show(lambda: slice(stop=3))
show(lambda: slice(1, step=2))
show(lambda: slice(1).foo)
show(lambda: slice(1)(2))
show(lambda: slice(1) + slice(2))
show(lambda: len(slice(3)))
show(lambda: list(slice(3)))
show(lambda: slice(1).indices())
show(lambda: slice(1).indices(1, 2))
show(lambda: slice(1).indices(length=2))
show(lambda: slice.indices())
show(lambda: slice.indices(3, 4))
show(lambda: [x for x in slice(2)])
show(lambda: int(slice(2)))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
