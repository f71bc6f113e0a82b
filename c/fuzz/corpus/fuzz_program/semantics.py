from graph_lab import trace
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, 2 ** -1, -7.5 // 2, -7.5 % 2, 2 ** 10, 7 / 2, -0.0 % 5, (-3) ** 3)
def counter(start=10, step=1):
    n = [start]
    def inc(by=None):
        n[0] = n[0] + (step if by is None else by)
        return n[0]
    return inc
c = counter(step=5)
print(c(), c(), c(by=-20), counter()())
a, (b, d) = 1, [2, 3]
xs = list(range(10))
print(a, b, d, xs[-1], xs[2:8:3], xs[::-3], xs[-3:], "hello"[1:-1], (1, 2) + (3,), [0] * 3)
dd = {"a": 1, "b": 2}
dd.update({"c": 3})
print(list(dd.keys()), list(dd.values()), dd.get("z", 9), dd.get("a"), len(dd), "b" in dd)
print({k: v * 2 for k, v in dd.items() if v > 1}, [i * i for i in range(5) if i % 2 == 0])
name = "wq"
print(f"{3}.{name}", f"{{x}} {1 + 2!r} {'s'!r}", f"{1.5e-5} {1e16} {0.1 + 0.2} {10.0}")
print(None is None, 0 or "x", 1 and 2, not [], 1 < 2 < 3, 3 > 2 > 5, min(3, 1, 2), max([4, 9, 2]), abs(-2.5), sum([1, 2, 3]))
f = lambda x, y=2: x * y
print(f(3), f(3, y=4), int("12") + int(3.9), float(2), str(12) + "!", tuple([1, 2]), len("abc"))
total = 0
for i in range(10):
    if i == 2:
        continue
    if i > 5:
        break
    total += i
k = 0
while k < 3:
    k += 1
print(total, k, ", ".join(["a", "b"]), list(enumerate("ab")), list(zip([1, 2], "xy")))
g = trace(lambda x: x, {"x": (1,)})
