from graph_lab import trace, F
def f():
    for i in range(3):
        pass
    return i
print(f())
for k in range(2):
    pass
print(k)
trace(lambda x: F.exp(x), {"x": (2,)})
