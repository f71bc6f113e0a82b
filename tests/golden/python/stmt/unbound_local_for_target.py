from graph_lab import trace, F
i = 100
def f():
    print(i)
    for i in range(3):
        pass
f()
