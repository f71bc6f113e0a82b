from graph_lab import trace, F
if (n := len("hello")) > 3:
    print("long", n)
data = [1, 2, 3, 4]
while (chunk := data[:2]):
    print(chunk)
    data = data[2:]
print([y for x in range(5) if (y := x * x) > 4], y)
print((z := 5) + z)
trace(lambda x: F.exp(x), {"x": (2,)})
