def rng(start, stop=None, step=1):
    if stop is None:
        start, stop = 0, start
    i = start
    while i < stop:
        yield i
        i += step
print(list(rng(3)), list(rng(2, 8, 2)), list(rng(start=1, stop=3)))

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
