def walk(tree, depth=0):
    name, kids = tree
    yield "  " * depth + name
    for k in kids:
        yield from walk(k, depth + 1)
t = ("root", [("a", [("a1", []), ("a2", [])]), ("b", [])])
for line in walk(t):
    print(line)
def flatten(x, depth):
    if depth == 0:
        yield x
    else:
        for y in x:
            yield from flatten(y, depth - 1)
print(list(flatten([[1, 2], [3], []], 2)))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
