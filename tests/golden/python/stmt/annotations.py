from graph_lab import trace, F
x: int = 5
y: list = []
z: float
def f(a: int, b: "str" = "s", *args: int, c: bool = True, **kw: dict) -> str:
    return f"{a}{b}{args}{c}{kw}"
print(x, y, f(1))
def g():
    n: int
    n = 3
    return n
print(g())
trace(lambda x: F.exp(x), {"x": (2,)})
