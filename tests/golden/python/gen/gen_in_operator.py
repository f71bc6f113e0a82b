def g():
    for i in range(10):
        print("check", i)
        yield i
it = g()
print(3 in it)
print(next(it))
print(100 in it)
print(list(it))
print("b" in {"a": 1, "b": 2}.keys(), 2 in {"a": 1, "b": 2}.values(), ("a", 1) in {"a": 1}.items())

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
