# objects with __index__ (and bools) as indices of lists, tuples, strings and ranges, reading and writing
class Idx:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class Cursor:
    """a position over a sequence, usable wherever an int index is"""

    def __init__(self, pos):
        self.pos = pos

    def __index__(self):
        return self.pos

    def advance(self):
        return Cursor(self.pos + 1)


lst = [10, 20, 30, 40]
tup = (1, 2, 3)
s = "héllo"
r = range(0, 100, 7)
print(lst[Idx(1)], lst[Idx(-1)], tup[Idx(2)], s[Idx(1)], r[Idx(3)], r[Idx(-1)])
print(lst[True], tup[False], s[True], r[True], lst[-True])
print(lst[Idx(1):Idx(3)], s[Idx(1):], tup[::Idx(-1)], r[Idx(2):Idx(5)])
lst[Idx(0)] = 99
lst[True] = 7
print(lst)
del lst[Idx(0)]
del lst[False]
print(lst)
c = Cursor(0)
word = "graph"
out = []
while c.pos < len(word):
    out.append(word[c])
    c = c.advance()
print(out, [word[Cursor(i)] for i in range(len(word))])
print({Idx(1): "not converted"}.get(1, "dict keys are not indices"), [5, 6, 7].pop(Idx(1)), "abc".index("c", Idx(1)))
from graph_lab import F, trace
trace(lambda x: F.tanh(x), {"x": (lst[Idx(0)], tup[Cursor(1)])})
