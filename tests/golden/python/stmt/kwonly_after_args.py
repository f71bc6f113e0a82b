from graph_lab import trace, F
def f(a, *args, sep="-", end="!"):
    return sep.join([str(a)] + [str(x) for x in args]) + end
print(f(1), f(1, 2, 3), f(1, 2, sep="+"), f(1, end="?", sep=""))
trace(lambda x: F.exp(x), {"x": (2,)})
