from graph_lab import trace, F
len = lambda x: 42
print(len([1]))
del len
print(len([1, 2]))
trace(lambda x: F.exp(x), {"x": (2,)})
