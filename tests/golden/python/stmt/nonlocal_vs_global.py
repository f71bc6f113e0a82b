from graph_lab import trace, F
x = "global"
def outer():
    x = "outer"
    def inner():
        global x
        x = "set by inner"
    inner()
    return x
print(outer(), x)
trace(lambda x: F.exp(x), {"x": (2,)})
