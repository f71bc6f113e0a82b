def g():
    yield ("a", 1)
    yield ("b", 2)
print(list(g()), tuple(g()), dict(g()))
print(list(range(3)), tuple("ab"), list({"x": 1}), list(enumerate("ab")))
print(dict(zip(["k1", "k2"], map(len, ["x", "yy"]))))
print(list(map(lambda kv: kv[1], {"a": 3}.items())))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
