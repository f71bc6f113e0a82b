import operator
import string
from operator import itemgetter, attrgetter, methodcaller
from graph_lab import trace, F
rows = [("wq", 4096, 4096), ("w_up", 4096, 14336), ("wk", 4096, 1024)]
print(sorted(rows, key=itemgetter(2)), max(rows, key=itemgetter(1, 2)))
print(itemgetter(0, 2)("abcdef"), itemgetter("d")({"d": 64}))
print(list(map(operator.mul, [1, 2, 3], [4, 5, 6])), operator.neg(3), operator.truediv(1, 4), operator.floordiv(-7, 2))
print(operator.contains([1, 2], 2), operator.not_(0), operator.getitem("abc", 1), operator.countOf([1, 1, 2], 1))
print(operator.eq(1, 1.0), operator.lt("a", "b"), operator.pow(2, 10), operator.mod(-7, 3), operator.xor(5, 3))
print(methodcaller("split", ",")("a,b,c"), methodcaller("replace", "a", "o")("banana"))
class Cfg:
    def __init__(self, d):
        self.d = d
print(attrgetter("d")(Cfg(64)), sorted([Cfg(3), Cfg(1)], key=attrgetter("d"))[0].d)
print(string.ascii_uppercase, string.digits, string.hexdigits, len(string.punctuation), repr(string.whitespace))
print(string.capwords("the quick  brown fox"), string.ascii_letters[:5])
print(itemgetter(1), attrgetter("a", "b"))
def f(x, w):
    return operator.add(operator.matmul(x, w), x)
print(trace(f, {"x": (3, 3), "w": (3, 3)}))
