def log(tag, it):
    for x in it:
        print(tag, x)
        yield x
src = log("src", range(4))
sq = map(lambda v: v * v, src)
ev = filter(lambda v: v % 2 == 0, log("sq", sq))
print(list(enumerate(log("ev", ev))))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
