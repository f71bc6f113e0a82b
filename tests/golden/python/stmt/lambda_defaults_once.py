from graph_lab import trace, F
base = 10
f = lambda x, b=base: x + b
base = 20
print(f(1), f(1, 2))
adders = [lambda x, n=n: x + n for n in range(3)]
print([a(10) for a in adders])
trace(lambda x: F.exp(x), {"x": (2,)})
