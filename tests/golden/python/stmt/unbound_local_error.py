from graph_lab import trace, F
x = 1
def f():
    print(x)
    x = 2
f()
