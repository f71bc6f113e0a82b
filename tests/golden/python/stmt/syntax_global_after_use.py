from graph_lab import trace, F
def f():
    print(g)
    global g
