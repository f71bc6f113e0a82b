"""pyfuzz.py — random Python programs for the differential fuzzer of the program front end.

Each program is a handful of snippets, each drawn from one family of the language (ints, floats, strings,
lists, dicts and sets, calls with *args / **kwargs, classes, generators, exceptions, scoping, loops), with
random values and shapes, printing what it computes; it ends with a one-node trace(...) so that
`graphlab trace` accepts it. CPython is the oracle: this script exec's every program it makes (with the
reference module importable as graph_lab) and records what it printed, or the exception it raised.
The families only make programs that terminate quickly; a program may raise (CPython's exception is then
what GraphLab must raise).

  python3 tools/pyfuzz.py SEED COUNT [--shared DIR]  → JSON [{name, program, console, error?}] on stdout
"""
import contextlib
import io
import json
import os
import random
import sys
import traceback

ASCII = "abcxyz _-.,:AB01"
CJK = "形状张量图节点层"


def rstr(r, n=None):
    n = r.randint(0, 6) if n is None else n
    pool = ASCII + (CJK if r.random() < 0.4 else "")
    return "".join(r.choice(pool) for _ in range(n))


def rint(r):
    k = r.random()
    if k < 0.6:
        return r.randint(-20, 20)
    if k < 0.85:
        return r.randint(-10**6, 10**6)
    return r.choice([-1, 1]) * r.randint(2**60, 2**70)


def rfloat(r):
    return r.choice([0.5, -2.25, 1e-3, 3.0, -0.0, 1e16, 2.5, 0.1, 1 / 3, 123.456, 1e300])


# ---------------------------------------------------------------- snippet families
def f_int(r):
    a, b = rint(r), rint(r)
    bn = b if b != 0 else 7
    ops = [f"{a} + {b}", f"{a} - {b}", f"{a} * {b}", f"{a} // {bn}", f"{a} % {bn}", f"divmod({a}, {bn})",
           f"{a} ** {r.randint(0, 5)}", f"-{a} ** 2", f"({a}) ** 2", f"abs({a})", f"{a} < {b}", f"{a} == {b}",
           f"{a} & {b}", f"{a} | {b}", f"{a} ^ {b}", f"~{a}", f"{a} << {r.randint(0, 40)}", f"{a} >> {r.randint(0, 8)}",
           f"{a} / {bn}", f"round({a} / {bn}, {r.randint(0, 3)})", f"max({a}, {b}, key=abs)", f"min([{a}, {b}])",
           f"int({a} / {bn})", f"{a} // {bn} * {bn} + {a} % {bn} == {a}", f"({a}).bit_length()", f"hex({a})",
           f"bin({a} % 64)", f"pow({a}, 2, {abs(bn) + 1})", f"2 ** {r.randint(60, 200)}", f"-{abs(a)} // 3",
           f"7 % -3", f"-7 // 2", f"{a} if {a} > {b} else {b}", f"True + {a}", f"{a} != {b} and {a} or {b}"]
    return [f"print({r.choice(ops)})" for _ in range(r.randint(1, 4))]


def f_float(r):
    x, y = rfloat(r), rfloat(r)
    ops = [f"{x!r} + {y!r}", f"{x!r} * {y!r}", f"{x!r} / {y or 2.0!r}", f"{x!r} // {y or 2.0!r}",
           f"{x!r} % {y or 2.0!r}", f"round({x!r}, 2)", f"round({x!r})", f"int({x!r})", f"float({rint(r)})",
           f"{x!r} < {rint(r)}", f"{x!r} == {int(x) if x == int(x) else 0}", f"abs({x!r})", f"str({x!r})",
           f"repr({x!r} * 3)", f"{x!r} ** 2", f"2 ** -{r.randint(1, 5)}", f"float('inf') > {rint(r)}",
           f"math.sqrt({abs(x)!r})", f"math.floor({x!r})", f"math.ceil({x!r})", f"{x!r}.is_integer()",
           f"{rint(r)} / 3", f"(0.1 + 0.2) == 0.3", f"0.1 + 0.2"]
    return ["import math"] + [f"print({r.choice(ops)})" for _ in range(r.randint(1, 4))]


def f_str(r):
    s, t = rstr(r), rstr(r, r.randint(0, 2))
    i, j, k = r.randint(-8, 8), r.randint(-8, 8), r.choice([1, 2, -1, -2, 3])
    ops = [f"len({s!r})", f"{s!r}[{i}:{j}]", f"{s!r}[::{k}]", f"{s!r}[{i}:{j}:{k}]", f"{s!r}.upper()",
           f"{s!r}.split()", f"{s!r}.split({t or 'a'!r})", f"{s!r}.strip()", f"{s!r}.replace({t!r}, 'Q')",
           f"{s!r}.find({t!r})", f"{s!r}.count({t or 'x'!r})", f"{s!r}.startswith({t!r})", f"{t!r} in {s!r}",
           f"{s!r} + {t!r}", f"{s!r} * {r.randint(0, 3)}", f"repr({s!r})", f"{s!r} < {t!r}", f"list({s!r})",
           f"'-'.join({s!r})", f"{s!r}.title()", f"{s!r}.center({r.randint(0, 12)}, '*')", f"{s!r}.zfill(8)",
           f'f"{{{s!r}:>10}}|"', f'f"{{{rint(r)}:,}}"', f'f"{{{rfloat(r)!r}:.3f}}"', f'f"{{{rfloat(r)!r}:e}}"',
           f"'%5s|%-4d|%.2f' % ({s!r}, {rint(r)}, {rfloat(r)!r})", f"'{{}}-{{:>4}}'.format({s!r}, {rint(r)})",
           f"{s!r}.partition({t or ' '!r})", f"sorted({s!r})", f"[ord(c) for c in {s!r}]",
           f"''.join(chr(ord(c) + 1) for c in {s!r})", f"{s!r}.isdigit()", f"{s!r}.rsplit(None, 1)",
           f"str({rint(r)}) + {s!r}", f"{s!r}.endswith(({t!r}, 'z'))", f'f"{{{s!r}!r:^12}}"']
    return [f"print({r.choice(ops)})" for _ in range(r.randint(1, 4))]


def f_list(r):
    xs = [rint(r) % 50 for _ in range(r.randint(0, 6))]
    i, j, k = r.randint(-6, 6), r.randint(-6, 6), r.choice([1, 2, -1, -3])
    out = [f"xs = {xs!r}"]
    muts = ["xs.append(3)", "xs.extend([1, 2])", "xs.insert(1, 9)", "xs.sort()", "xs.reverse()",
            "xs.sort(key=lambda v: -v)", "xs += [7]", "xs = xs * 2", "xs.sort(reverse=True)",
            "xs[1:3] = [0]", "print(xs.pop() if xs else None)", "print(xs.count(3))",
            "print(xs.index(xs[0]) if xs else -1)", "ys = xs; ys.append(1); print(xs is ys, xs == ys)",
            "del xs[0:1]", "print(sorted(xs, key=lambda v: (v % 3, v)))", "xs = [v * v for v in xs if v % 2]",
            "print([a + b for a, b in zip(xs, xs[1:])])", "print(sum(xs), len(xs), xs[::-1])",
            "print(list(enumerate(xs, 1)))", "print(any(v > 40 for v in xs), all(xs))",
            f"print(xs[{i}:{j}:{k}])", "print(min(xs, default=None), max(xs + [0]))",
            "print(tuple(xs), xs < [5, 5], [xs] * 2)", "print([[v] * 2 for v in xs][:2])"]
    out += [r.choice(muts) for _ in range(r.randint(1, 5))]
    out.append("print(xs)")
    return out


def f_dict(r):
    keys = [rstr(r, 1) or "k" for _ in range(r.randint(0, 5))]
    out = [f"d = {{{', '.join(f'{k!r}: {rint(r) % 30}' for k in keys)}}}",
           f"s = {set(rint(r) % 20 for _ in range(r.randint(0, 5)))!r}".replace("set()", "set()")]
    muts = ["d['new'] = 1", "print(d.get('zz', 0), len(d))", "print(d.setdefault('a', 0))",
            "print(d.pop('new', None))", "print(sorted(d.items()))", "print(list(d), list(d.values()))",
            "d.update({'b': 2}, c=3)", "print({k: v * 2 for k, v in d.items()})", "print('a' in d, 'q' not in d)",
            "print(d)", "s.add(3)", "s.discard(5)", "print(sorted(s | {1, 2}), sorted(s & {1, 3, 5}))",
            "print(sorted(s - {3}), sorted(s ^ {4}), s <= s | {0})", "print(len(s), 3 in s)",
            "print(sorted({v % 4 for v in s}))", "t = {(1, 2): 'a', (3, 4): 'b'}; print(t[1, 2], t)",
            "print(dict(zip('abc', range(3))), dict(a=1, b=2))", "d2 = d.copy(); d2.clear(); print(d2, len(d))",
            "print(sorted(set('hello')), frozenset({1}) == {1})", "print(d | {'z': 26})",
            "print(list(d.keys()) == list(d))", "print(sorted(d, key=lambda k: (d[k], k)))"]
    out += [r.choice(muts) for _ in range(r.randint(1, 5))]
    return out


def f_calls(r):
    a, b = rint(r) % 10, rint(r) % 10
    calls = [f"f({a})", f"f({a}, {b})", f"f({a}, {b}, 1, 2)", f"f({a}, z=5)", f"f(*[{a}, {b}])",
             f"f({a}, **{{'w': 1, 'q': 2}})", f"f(*({a},), y={b}, z=0)", f"g()", f"g({a}, {b}, sep='+')",
             f"h({a}, {b})", f"h({a}, {b}, c=3)", f"(lambda *a, **k: (a, sorted(k)))({a}, k={b})"]
    return ["def f(x, y=2, *rest, z=3, **kw):", "    return (x, y, rest, z, sorted(kw.items()))",
            "def g(*args, sep='-'):", "    return sep.join(str(a) for a in args)",
            "def h(a, b, /, c=0, *, d=1):", "    return a * b + c + d"] + \
        [f"print({r.choice(calls)})" for _ in range(r.randint(1, 4))]


def f_class(r):
    v = rint(r) % 20
    return ["class Base:", "    kind = 'base'", "    def __init__(self, v):", "        self.v = v",
            "    def twice(self):", "        return self.v * 2",
            "    def __repr__(self):", "        return f'{type(self).__name__}({self.v})'",
            "    def __eq__(self, o):", "        return isinstance(o, Base) and self.v == o.v",
            "class Child(Base):", "    kind = 'child'", "    def __init__(self, v, w=1):",
            "        super().__init__(v)", "        self.w = w",
            "    def twice(self):", "        return super().twice() + self.w",
            "    def __add__(self, o):", "        return Child(self.v + o.v, self.w)",
            "    @property", "    def total(self):", "        return self.v + self.w",
            f"a, b = Base({v}), Child({v}, {r.randint(0, 5)})",
            r.choice(["print(a, b, a == b, a.twice(), b.twice())", "print(b + b, (b + b).total, b.kind, Base.kind)",
                      "print(isinstance(b, Base), isinstance(a, Child), type(b).__name__, [a, b])",
                      "print(sorted([Child(3), Child(1)], key=lambda c: c.v), hasattr(b, 'w'), getattr(a, 'w', 0))"])]


def f_gen(r):
    n = r.randint(0, 5)
    return ["def gen(n):", "    print('start')", "    for i in range(n):", "        print('yield', i)",
            "        yield i * i", "    print('end')",
            r.choice([f"for v in gen({n}):\n    print('got', v)", f"print(list(gen({n})))",
                      f"it = gen({n})\nprint(next(it, 'none'), next(it, 'none'))",
                      f"print(sum(v for v in gen({n}) if v % 2 == 0))",
                      f"print(list(zip(gen({n}), 'abc')))", f"print(any(v > 3 for v in gen({n})))",
                      f"def outer():\n    yield from gen({n})\n    yield -1\nprint(list(outer()))",
                      f"print([x for x in map(lambda v: v + 1, gen({n}))])"])]


def f_exc(r):
    body = r.choice(["x = 1 // 0", "x = [][1]", "x = {}['k']", "x = int('q')", "x = 'a' + 1", "raise ValueError('bad', 3)",
                     "x = 1", "raise KeyError('k')", "assert False, 'nope'", "x = undefined"])
    handler = r.choice(["ZeroDivisionError", "LookupError", "(TypeError, ValueError)", "Exception", "ArithmeticError"])
    return ["def risky():", f"    {body}", "    return 'ok'",
            "try:", "    print(risky())", f"except {handler} as e:", "    print('caught', type(e).__name__, e)",
            "else:", "    print('no error')", "finally:", "    print('finally')"]


def f_scope(r):
    return ["counter = 0", "def bump():", "    global counter", "    counter += 1", "    return counter",
            "def make():", "    n = 0", "    def inc(k=1):", "        nonlocal n", "        n += k", "        return n",
            "    return inc", "inc = make()",
            f"print([bump() for _ in range({r.randint(0, 3)})], inc(), inc({r.randint(1, 5)}), counter)",
            "fs = [lambda: i for i in range(3)]", "print([f() for f in fs])"]


def f_loops(r):
    n, m = r.randint(0, 6), r.randint(0, 6)
    return [f"for i in range({n}):", f"    if i == {m}:", "        print('break at', i)", "        break",
            "else:", "    print('no break')", "k = 0", f"while k < {n}:", "    k += 2", "    if k == 3:",
            "        continue", "else:", "    print('while done', k)",
            f"print([(i, j) for i in range(3) for j in range(i) if (i + j) % 2 == {m % 2}])"]


FAMILIES = [f_int, f_float, f_str, f_list, f_dict, f_calls, f_class, f_gen, f_exc, f_scope, f_loops]
TAIL = "from graph_lab import F, trace\ng = trace(lambda x: F.exp(x), {'x': (2,)})\n"


def make_program(r):
    lines = []
    for _ in range(r.randint(1, 3)):
        lines += r.choice(FAMILIES)(r)
    return "\n".join(lines) + "\n" + TAIL


def run(src, name):
    buf = io.StringIO()
    rec = {"name": name, "program": src}
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(src, name + ".py", "exec"), {"__name__": "__main__"})
    except Exception as e:  # noqa: BLE001 — CPython's exception is the oracle
        tb = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == name + ".py"]
        rec["error"] = {"type": type(e).__name__, "message": str(e), "line": tb[-1].lineno if tb else None}
    rec["console"] = buf.getvalue()
    return rec


def main():
    args = sys.argv[1:]
    shared = None
    if "--shared" in args:
        i = args.index("--shared")
        shared = args[i + 1]
        del args[i:i + 2]
    seed, count = int(args[0]), int(args[1])
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in [shared, os.path.join(here, "..", "..", "shared"), os.path.join(here, "..", "..", "..", "shared")]:
        if cand and os.path.isdir(os.path.join(cand, "reference")):
            sys.path.insert(0, os.path.join(cand, "reference"))
            break
    out = []
    for k in range(count):
        r = random.Random(seed * 1_000_003 + k)
        out.append(run(make_program(r), f"fuzz_{seed}_{k}"))
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
