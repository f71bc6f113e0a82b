def check(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__, "|", e, "|", e.args)
check(lambda: 1 / 0)
check(lambda: 1 // 0)
check(lambda: 1.5 / 0)
check(lambda: [1][3])
check(lambda: {"a": 1}["b"])
check(lambda: (1, 2)[9])
check(lambda: "abc"[10])
check(lambda: undefined)
check(lambda: (1).nope)
check(lambda: None + 1)
check(lambda: len(5))
check(lambda: [] < 3)
def unpack():
    a, b, c = [1, 2]
check(unpack)
def asserting():
    assert 1 > 2, "one is not bigger"
check(asserting)
def asserting2():
    assert False
check(asserting2)
class C:
    pass
check(lambda: C().attr)
check(lambda: C.attr)
check(lambda: C()())
check(lambda: C(1))
from graph_lab import trace, F
trace(lambda x: F.exp(x), {"x": (2,)})
