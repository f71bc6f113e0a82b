from graph_lab import trace, F
def outer():
    def inner():
        return v
    r = inner
    print(r())
    v = 1
outer()
