from graph_lab import trace, F
calls = []
def v(x):
    calls.append(x)
    return x
print(v(1) < v(2) < v(3), calls)
del calls[:]
print(v(3) < v(2) < v(1), calls)
del calls[:]
print(v(1) == v(1) != v(2) >= v(2) > v(0), calls)
print(1 < 2 > 1, 0 <= 0 < 1, "a" < "b" < "c", 1 in [1] in [[1]])
trace(lambda x: F.exp(x), {"x": (2,)})
