from graph_lab import trace, F
n = 0
while n < 3:
    n += 1
else:
    print("ended", n)
while True:
    n -= 1
    if n == 0:
        break
else:
    print("never")
k = 0
while k < 5:
    k += 1
    if k % 2:
        continue
else:
    print("k", k)
trace(lambda x: F.exp(x), {"x": (2,)})
