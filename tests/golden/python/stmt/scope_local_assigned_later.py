from graph_lab import trace, F
x = 10
def f():
    y = x + 1
    return y
print(f())
def g():
    if False:
        x = 1
    return "never"
try_ok = True
print(try_ok)
trace(lambda x: F.exp(x), {"x": (2,)})
