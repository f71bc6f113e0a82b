def make(k):
    def g(n):
        for i in range(n):
            yield i * k
    return g
g3 = make(3)
print(list(g3(4)))
def counter():
    count = [0]
    def gen():
        while count[0] < 3:
            count[0] += 1
            yield count[0]
    return gen, count
gen, count = counter()
print(list(gen()), count)

from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
