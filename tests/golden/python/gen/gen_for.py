def countdown(n):
    while n > 0:
        print("yielding", n)
        yield n
        n -= 1
    print("finished")
for v in countdown(3):
    print("got", v)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
