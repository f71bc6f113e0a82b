from graph_lab import trace, F
def f():
    print(math.pi > 3)
    import math
f()
