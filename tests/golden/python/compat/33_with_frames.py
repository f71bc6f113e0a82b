# with blocks in functions (run on the frame stack): recursion 900 deep through with, several items, an exception
# through them (swallowed by one, or replaced by __exit__'s own), __enter__ raising, return / continue / break.
class M:
    def __init__(self, name, swallow=False, fail=False):
        self.name, self.swallow, self.fail = name, swallow, fail
    def __enter__(self):
        log.append("enter " + self.name)
        if self.fail == "enter":
            raise KeyError("enter " + self.name)
        return self.name
    def __exit__(self, et, ev, tb):
        log.append(f"exit {self.name} {et.__name__ if et else None} {ev}")
        if self.fail == "exit":
            raise ValueError("exit " + self.name)
        return self.swallow
log = []
def rec(n):
    with M(f"r{n}") as nm:
        if n == 0:
            return nm
        return rec(n - 1) + "." + nm
print(rec(3), log[:3], len(log))
log.clear()
def deep(n):
    with M("d"):
        return 0 if n == 0 else 1 + deep(n - 1)
print(deep(900), len(log))
def boom(n):
    with M("a"), M("b", swallow=(n == 1)), M("c"):
        if n >= 0:
            raise IndexError(n)
    return "after " + str(n)
for n in (0, 1):
    log.clear()
    try:
        print(boom(n))
    except IndexError as e:
        print("IndexError", e)
    print(log)
def failing(which):
    log.clear()
    try:
        with M("x"), M("y", fail=which):
            log.append("body")
            return "returned"
    except (KeyError, ValueError) as e:
        return f"{type(e).__name__} {e} ctx={e.__context__!r}"
    finally:
        log.append("finally")
for w in ("enter", "exit", False):
    print(failing(w), log)
def loop():
    out = []
    for i in range(4):
        with M(str(i)) as nm:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(nm)
    return out
log.clear()
print(loop(), log)
def bad():
    with 5 as x:
        pass
try:
    bad()
except TypeError as e:
    print("TypeError", e)

from graph_lab import F, trace

trace(lambda x: F.exp(x), {"x": (2,)})
