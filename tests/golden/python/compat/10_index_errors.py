# what CPython says when an index is not an integer (nor has __index__), or is out of range
class Bad:
    def __index__(self):
        return "one"


class Raises:
    def __index__(self):
        raise ValueError("no position")


def attempt(label, f):
    try:
        print(label, "->", f())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


def setitem(c, k, v):
    c[k] = v


def delitem(c, k):
    del c[k]


lst = [1, 2, 3]
pair, word, one, half, nothing = (1, 2), "ab", 1.0, 1.5, None
attempt("list float", lambda: lst[one])
attempt("tuple float", lambda: pair[half])
attempt("str float", lambda: word[one])
attempt("range float", lambda: range(3)[one])
attempt("list str", lambda: lst["a"])
attempt("tuple None", lambda: pair[nothing])
attempt("list list", lambda: lst[[1]])
attempt("set float", lambda: setitem(lst, 1.0, 3))
attempt("set str", lambda: setitem(lst, "x", 3))
attempt("del float", lambda: delitem(lst, 1.0))
attempt("tuple set", lambda: setitem((1, 2), 0, 3))
attempt("str set", lambda: setitem("ab", 0, "c"))
attempt("bad index", lambda: lst[Bad()])
attempt("raising index", lambda: lst[Raises()])
attempt("out of range", lambda: lst[Bad and 10])
attempt("big", lambda: lst[10 ** 20])
attempt("big negative", lambda: (1,)[-10 ** 20])
attempt("set big", lambda: setitem(lst, 2 ** 64, 0))
attempt("range float arg", lambda: range(1.0))
attempt("repeat float", lambda: "ab" * 2.0)
attempt("hex float", lambda: hex(1.5))
attempt("slice float", lambda: lst[1.0:])
from graph_lab import F, trace
trace(lambda x: F.exp(x), {"x": (len(lst),)})
