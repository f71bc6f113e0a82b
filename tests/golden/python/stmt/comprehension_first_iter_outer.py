from graph_lab import trace, F
x = [1, 2, 3]
print([x for x in x])
def f(y):
    return [y for y in y if y > 1]
print(f([0, 1, 2, 3]))
trace(lambda x: F.exp(x), {"x": (2,)})
