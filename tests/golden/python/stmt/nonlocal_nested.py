from graph_lab import trace, F
def a():
    x = "a"
    def b():
        def c():
            nonlocal x
            x = x + "c"
        c()
        return x
    return b() + x
print(a())
trace(lambda x: F.exp(x), {"x": (2,)})
