from graph_lab import trace, F
for i in range(3):
    pass
else:
    print("done", i)
for i in range(10):
    if i == 4:
        print("found", i)
        break
else:
    print("not found")
for c in "":
    print(c)
else:
    print("empty else")
def find(xs, t):
    for i, x in enumerate(xs):
        if x == t:
            return i
    else:
        return -1
print(find([5, 6], 6), find([5, 6], 7))
trace(lambda x: F.exp(x), {"x": (2,)})
