from graph_lab import trace, F
xs = range(6)
print([x if x % 2 else -x for x in xs])
print(["even" if x % 2 == 0 else "odd" for x in range(3) if x != 1])
print({x: ("big" if x > 2 else "small") for x in range(4)})
trace(lambda x: F.exp(x), {"x": (2,)})
