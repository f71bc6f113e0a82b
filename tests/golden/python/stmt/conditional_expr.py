from graph_lab import trace, F
x = 5
print("pos" if x > 0 else "neg", 1 if x else 2 if x else 3)
f = lambda v: "a" if v < 0 else "b" if v == 0 else "c"
print(f(-1), f(0), f(1))
print((lambda: 1 if False else 2)())
trace(lambda x: F.exp(x), {"x": (2,)})
