from graph_lab import trace, F
def outer():
    def inner(x):
        return x
    return inner()
outer()
