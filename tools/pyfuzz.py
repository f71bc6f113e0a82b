"""pyfuzz.py — random Python programs for the differential fuzzer of the program front end.

Each program is a handful of snippets, each drawn from one family of the language (ints, floats, strings,
lists, dicts and sets, calls with *args / **kwargs, classes, generators, exceptions, scoping, loops; and the
random module's draws), with
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
# ---------------------------------------------------------------- families of the second session (issue 30's list)
def f_class_dunders(r):
    v, w = r.randint(-5, 9), r.randint(0, 6)
    lines = ["class Bag:", "    count = 0", "    def __init__(self, *items):", "        self.items = list(items)",
             "        Bag.count += 1",
             "    def __len__(self):", "        return len(self.items)",
             "    def __getitem__(self, i):", "        return self.items[i]",
             "    def __contains__(self, x):", "        return x in self.items",
             "    def __iter__(self):", "        return iter(self.items)",
             "    def __eq__(self, o):", "        return isinstance(o, Bag) and self.items == o.items",
             "    def __hash__(self):", "        return hash(tuple(self.items))",
             "    def __lt__(self, o):", "        return len(self) < len(o)",
             "    def __repr__(self):", "        return 'Bag(%s)' % ', '.join(map(repr, self.items))",
             "    def __str__(self):", "        return '<' + ' '.join(str(i) for i in self.items) + '>'",
             "    def __bool__(self):", "        return bool(self.items)",
             "    def __call__(self, k=1):", "        return [i * k for i in self.items]",
             "    def __add__(self, o):", "        return Bag(*(self.items + list(o)))",
             "    def __radd__(self, o):", "        return Bag(o, *self.items)",
             "    @classmethod", "    def of(cls, n):", "        return cls(*range(n))",
             "    @staticmethod", "    def kind():", "        return 'bag'",
             "class Sorted(Bag):", "    def __init__(self, *items):", "        super().__init__(*sorted(items))",
             "    def __repr__(self):", "        return 'Sorted' + super().__repr__()[3:]",
             "class Last(Sorted):", "    def __getitem__(self, i):", "        return super().__getitem__(-1 - i)",
             f"a, b, c = Bag({v}, {w}, 'x'), Sorted({w}, {v}, 3), Last.of({r.randint(0, 4)})"]
    ops = ["print(len(a), a[0], 'x' in a, 3 in b, list(b), b[0], str(a), repr(b), [a, c])",
           "print(a == Bag(*a.items), a != b, hash(a) == hash(Bag(*a)), len({a, Bag(*a.items), b}))",
           "print(sorted([a, b, c, Bag()]), min(a, b, c), max([c, b]))",
           "print(bool(Bag()), bool(c), a(2), c(), Bag.kind(), a.kind(), Bag.count, type(c).__mri__ if False else type(c).__name__)",
           "print(a + [1], 7 + a, b + b, isinstance(c, Bag), issubclass(Last, Sorted), Last.__mro__[1].__name__)",
           "print([x for x in c], c[0] if len(c) else None, list(reversed(list(b))), sum(1 for _ in a))",
           "print(getattr(a, 'items'), hasattr(b, 'nope'), vars(Bag(1)), Sorted.of(3))",
           "print(c[5])", "print(a < 3)", "print(Bag.of('x'))", "print(a.nope)"]
    return lines + [f"{r.choice(ops)}" for _ in range(r.randint(1, 3))]


def f_exc_flow(r):
    kinds = ["ValueError('v')", "KeyError('k')", "IndexError(1)", "TypeError('t', 2)", "ZeroDivisionError()",
             "AppError('app')", "SubError('sub', 5)", "RuntimeError()"]
    e1, e2 = r.choice(kinds), r.choice(kinds)
    catch = r.choice(["Exception", "LookupError", "AppError", "(ValueError, KeyError)", "ArithmeticError", "BaseException",
                      "SubError"])
    return ["class AppError(Exception):", "    pass",
            "class SubError(AppError):", "    def __init__(self, msg, code=0):", "        super().__init__(msg)",
            "        self.code = code", "    def __str__(self):", "        return f'{self.args[0]}#{self.code}'",
            "def inner(k):", "    try:", f"        if k == {r.randint(0, 2)}:", f"            raise {e1}",
            "        return 'ok' + str(k)", "    finally:", "        print('inner finally', k)",
            "def outer(k):", "    try:", "        return inner(k)", f"    except {catch} as e:",
            "        print('caught', type(e).__name__, repr(e), str(e), e.args)",
            r.choice(["        return 'handled'", "        raise", f"        raise {e2} from e",
                      "        raise RuntimeError('wrapped') from None"]),
            "    else:", "        print('no error in', k)", "    finally:", "        print('outer finally', k)",
            "for k in range(3):", "    try:", "        print(outer(k))", "    except Exception as e:",
            "        print('top', type(e).__name__, e, type(e.__cause__).__name__, e.__context__ is not None)",
            r.choice(["print(outer(0))", "print('end')", "raise SubError('last', 9)", "print(inner(9))",
                      "assert outer(1) == 'handled', 'bad'"])]


def f_params(r):
    sigs = [("a, b=2, *args, c, d=4, **kw", "a, b, args, c, d, sorted(kw.items())"), ("a, /, b, *, c=3", "a, b, c"),
            ("*args, **kwargs", "args, sorted(kwargs.items())"), ("a, b, c=0", "a, b, c"), ("x=1, *rest", "x, rest"),
            ("a, *, key=None, reverse=False", "a, key, reverse"), ("p, q=(1, 2), /, *r, s=None", "p, q, r, s")]
    sig, names = r.choice(sigs)
    calls = ["f(1)", "f(1, 2)", "f(1, 2, 3, 4, c=5)", "f(1, c=3)", "f(a=1, c=2)", "f(1, 2, c=3, z=9)", "f(*[1, 2], c=0)",
             "f(**{'a': 1, 'c': 2})", "f(1, b=2, c=3)", "f()", "f(1, 2, 3)", "f(1, a=1)", "f(1, 2, key=len)",
             "f(*range(3), **{'c': 1})", "f(1, *(), **{})", "f(p=1)", "f(1, 2, 3, s=4)", "f(x=5)", "f(1, 2, d=5, c=1, e=6)"]
    return [f"def f({sig}):", f"    return ({names},)", f"print({r.choice(calls)})", f"print({r.choice(calls)})"]


def f_unpack(r):
    xs = [rint(r) % 10 for _ in range(r.randint(0, 5))]
    ops = [f"a, *b = {xs!r}\nprint(a, b)", f"*a, b = {xs!r}\nprint(a, b)", f"a, b = {xs!r}\nprint(a, b)",
           f"a, *b, c = {xs!r}\nprint(a, b, c)", f"(a, b), c = {xs[:2]!r}, {xs!r}\nprint(a, b, c)",
           f"print([*{xs!r}, *'ab'], {{*{xs!r}}} == set({xs!r}), (*{xs!r},))",
           f"print({{**{{'a': 1}}, 'b': 2, **dict.fromkeys({xs!r})}})", f"first, *_ = {xs!r} or [0]\nprint(first)",
           f"for i, (x, y) in enumerate(zip({xs!r}, {xs[::-1]!r})):\n    print(i, x, y)",
           f"a = b = {xs!r}\na += [1]\nprint(a is b, b)", f"x, y = y, x = 1, 2\nprint(x, y)" if r.random() < 0.1 else "print(())"]
    return [r.choice(ops) for _ in range(r.randint(1, 3))]


def f_sets(r):
    a = {rint(r) % 12 for _ in range(r.randint(0, 6))}
    b = {rint(r) % 12 for _ in range(r.randint(0, 6))}
    ops = ["s.add(5)", "s.discard(3)", "s.update(t, [100])", "s.intersection_update(t | {1, 2})", "s.difference_update({0, 1})",
           "s.symmetric_difference_update(t)", "print(s.pop() if s else 'empty')", "s.clear()", "s |= {7}", "s &= t | s",
           "s -= {2}", "s ^= {3, 4}", "print(sorted(s.union(t)), sorted(s.intersection(t, s)), sorted(s.difference(t)))",
           "print(s.issubset(t), s.issuperset(set()), s.isdisjoint(t), s < t, s <= s, s > set(), s == t)",
           "print(sorted(s ^ t), len(s | t), frozenset(s) == s, sorted(frozenset(t) | s))",
           "print(sorted({x * 2 for x in s if x % 2}), 3 in s, sorted(set('mississippi')))",
           "print(s.remove(99))", "print({1, 2} | [3])", "print(sorted(s), sorted(t))", "print(set(), frozenset(), {()}, {(1, 2)})"]
    return [f"s, t = {a or 'set()'!s}, {b or 'set()'!s}".replace("{}", "set()")] + \
        [r.choice(ops) for _ in range(r.randint(1, 5))] + ["print(sorted(s), sorted(t))"]


def f_methods(r):
    xs = [rint(r) % 9 for _ in range(r.randint(0, 6))]
    ops = ["print(xs.index(3))", "xs.remove(xs[0] if xs else 0)", "print(xs.pop(0) if xs else xs.pop())", "xs.insert(-1, 4)",
           "print(xs.count(1), xs.copy() == xs, xs.copy() is xs)", "xs.sort(key=lambda v: (v % 3, -v), reverse=True)",
           "xs.extend(range(2))", "xs.clear()", "print(xs * 0, xs[::2], xs[-2:])", "del xs[::2]", "xs[len(xs):] = [8, 8]",
           "d = dict.fromkeys(xs, 0)\nprint(d)", "d = {}\nfor v in xs:\n    d.setdefault(v % 3, []).append(v)\nprint(d)",
           "d = {v: i for i, v in enumerate(xs)}\nprint(d.popitem() if d else None, d)",
           "d = dict(enumerate(xs))\nprint(d.pop(99, 'none'), d.get(0), list(d.items())[:2], d.keys() & {1, 2})",
           "d = dict(zip('abc', xs))\nd.update(b=9)\nprint(d, d | {'z': 0}, len(d))",
           "print(dict(zip('ab', xs))['c'])", "print(xs.index(99))", "print(tuple(xs).count(0), tuple(xs).index(xs[0]) if xs else -1)"]
    return [f"xs = {xs!r}"] + [r.choice(ops) for _ in range(r.randint(1, 4))] + ["print(xs)"]


def f_strfmt(r):
    x, s = r.choice([0, 7, -42, 123456, 2**40, -1]), rstr(r)
    f = rfloat(r)
    specs_i = ["d", "5d", "<6d", "^7", "+d", "x", "#x", "X", "o", "#b", "08d", ",", "_", ",d", "e", ".2f", "%", "c" if 0 <= x < 1000 else "d", "=+8"]
    specs_f = [".3f", "e", ".2e", "g", ".3g", "10.2f", "<10", "^9.1f", "+.1f", "%", ".0%", ",.2f", "#.0f", "E", "G", ""]
    specs_s = ["", "<8", ">8", "^8", "*^9", ".2", "10.3", "-<5"]
    pct = [f"'%d|%5d|%-5d|%05d' % ({x}, {x}, {x}, {x})", f"'%x|%X|%o|%#x' % ({abs(x)}, {abs(x)}, {abs(x)}, {abs(x)})",
           f"'%e|%.2e|%g|%G' % ({f!r}, {f!r}, {f!r}, {f!r})", f"'%s|%r|%a' % ({s!r}, {s!r}, {s!r})",
           f"'%(a)s-%(b)05.1f' % {{'a': {s!r}, 'b': {f!r}}}", f"'%c%c' % (65, 'z')", f"'%5.1f%%' % {f!r}", f"'%+d' % {x}"]
    esc = [r"'\x41\u4e2d\U0001F600\N{GREEK SMALL LETTER ALPHA}\t|'", r"'\101\7\0'", r"r'\n\x41'", r"'\u00e9' == 'é'",
           r"len('\U0001F600'), ord('\N{BULLET}'), chr(0x263a)", r"'a\
b'", r"'\N{LATIN CAPITAL LETTER A WITH ACUTE}'.lower()"]
    ops = [f"format({x}, {r.choice(specs_i)!r})", f"format({f!r}, {r.choice(specs_f)!r})", f"format({s!r}, {r.choice(specs_s)!r})",
           f'f"{{{x}:{r.choice(specs_i)}}}|{{{f!r}:{r.choice(specs_f)}}}|{{{s!r}:{r.choice(specs_s)}}}"',
           f"'{{0}}{{1!r}}{{0:>4}}{{k}}'.format({s!r}, {x}, k={f!r})", f"'{{:{{w}}.{{p}}f}}'.format({f!r}, w=9, p=2)",
           r.choice(pct), r.choice(esc), f"{s!r}.encode('utf-8')" if False else f"ascii({s!r})",
           f"{s!r}.center(9, '-').split('-')", f"{s!r}.casefold().swapcase()", f"{s!r}.expandtabs(4)",
           f"{s!r}.splitlines(True)", f"{s!r}.isidentifier(), {s!r}.isspace(), {s!r}.isalnum(), {s!r}.isupper()",
           f"{s!r}.ljust(7, '.') + {s!r}.rjust(7) + '|'", f"{s!r}.rpartition('a')", f"{s!r}.index('q')",
           f"{s!r}.removeprefix('a').removesuffix('z')", f"'{{:{r.choice(specs_i)}}}'.format({s!r})"]
    return [f"print({r.choice(ops)})" for _ in range(r.randint(1, 4))]


def f_bigint(r):
    a = r.choice([-1, 1]) * r.randint(2**60, 2**130)
    b = r.choice([-1, 1]) * r.randint(1, 2**70)
    ops = [f"{a} // {b}", f"{a} % {b}", f"divmod({a}, {b})", f"{a} * {b}", f"{a} - {b} * 3", f"pow({a}, 3, {abs(b) + 2})",
           f"{a} >> {r.randint(1, 90)}", f"{a} << {r.randint(1, 60)}", f"{a} & {b}", f"{a} | {b}", f"{a} ^ ~{b}",
           f"str({a})[:20]", f"int(str({a}))", f"int(hex({a}), 16)", f"int(bin({b}), 0)", f"{a} / {b}", f"{a} == {a}.0",
           f"{a} < {float(a)!r}", f"hash({a})", f"abs({a}).bit_length()", f"round({a}, -5)", f"{a} ** 2 > 10 ** 36",
           f"max({a}, {b}, key=abs)", f"sorted([{a}, {b}, 0, -{b}])", f"float({a})", f"({a}).bit_count()",
           f"({a}).as_integer_ratio()", f"{a} // 0", f"int('{a}'.replace('-', ''), 36) % 1000"]
    return [f"print({r.choice(ops)})" for _ in range(r.randint(1, 4))]


def f_keys(r):
    words = [rstr(r, r.randint(1, 4)) for _ in range(r.randint(0, 6))]
    nums = [rint(r) % 30 - 10 for _ in range(r.randint(0, 6))]
    ops = [f"sorted({words!r}, key=len)", f"sorted({words!r}, key=str.lower, reverse=True)",
           f"sorted({nums!r}, key=lambda v: (v % 4, -v))", f"min({nums!r}, key=abs, default='none')",
           f"max({words!r}, key=len, default=None)", f"max({nums!r} or [0], key=lambda v: v * v)",
           f"sorted(enumerate({words!r}), key=lambda p: p[1])", f"sorted({{w: len(w) for w in {words!r}}}.items(), key=lambda kv: (-kv[1], kv[0]))",
           f"min((v, i) for i, v in enumerate({nums!r} or [1]))", f"sorted(zip({nums!r}, {words!r}), reverse=True)",
           f"max('abc', 'b', key=len)", f"min([], default=7)", f"sorted({nums!r}, key=None)", f"min({nums!r})",
           f"sorted([[2, 'b'], [1, 'z'], [2, 'a']])", f"max(range({r.randint(0, 5)}), default=-1)",
           f"sorted(set({nums!r}))[::-1]", f"sorted({words!r} + {nums!r})"]
    return [f"print({r.choice(ops)})" for _ in range(r.randint(1, 4))]


def f_gen2(r):
    n = r.randint(0, 4)
    ops = ["def counter(n):\n    total = yield 'start'\n    while n:\n        got = yield total\n        total = (total or 0) + (got or 1)\n        n -= 1\n    return total\n"
           f"g = counter({n})\nprint(next(g), g.send(5) if {n} else None)\ntry:\n    while True:\n        print(g.send(2))\nexcept StopIteration as e:\n    print('returned', e.value)",
           f"def inner():\n    yield 1\n    yield 2\n    return 'inner done'\ndef outer():\n    r = yield from inner()\n    print('got', r)\n    yield r\nprint(list(outer()))",
           f"def chain(*its):\n    for it in its:\n        yield from it\nprint(list(chain(range({n}), 'ab', [None])))",
           f"g = (print('make', i) or i * i for i in range({n}))\nprint('before')\nfor v in g:\n    print('got', v)",
           f"def take(n, it):\n    for i, v in zip(range(n), it):\n        yield v\ndef nat():\n    i = 0\n    while True:\n        yield i\n        i += 1\nprint(list(take({n + 2}, nat())), sum(take(3, map(lambda v: v * 2, nat()))))",
           f"it = iter([1, 2, 3])\nprint(next(it), list(it), next(it, 'end'))\nprint(next(iter([])))",
           f"def g():\n    yield from range({n})\nx = g()\nprint(list(x), list(x))"]
    return [r.choice(ops)]


def f_subclass(r):
    keys = [rstr(r, 1) or "k" for _ in range(r.randint(0, 4))]
    ops = ["print(d, len(d), list(d), isinstance(d, dict), type(d).__name__)", "d['q'] = 1\nprint(d['q'], 'q' in d)",
           "print(d['missing'])", "print(d.get('a', 0), sorted(d.items()), d.total())", "d.update(z=26)\nprint(d)",
           "print(L([3, 1, 2]).top(), L().top(), L('ab') + ['c'], isinstance(L(), list))",
           "l = L([1, 2])\nl.append(3)\nl += [4]\nprint(l, len(l), l[-1], l[1:], type(l).__name__)",
           "print(dict(d), {**d}, d == dict(d), d.copy())", "d.note = 'n'\nprint(d.note, vars(d))",
           "print(C(x=1), C(x=1)['zz'], C.__mro__)"]
    return ["class D(dict):", "    def __missing__(self, k):", "        return len(k)", "    def total(self):",
            "        return sum(self.values())",
            "class C(D):", "    def __repr__(self):", "        return 'C' + super().__repr__()",
            "class L(list):", "    def top(self):", "        return self[-1] if self else None",
            f"d = D({{{', '.join(f'{k!r}: {rint(r) % 9}' for k in keys)}}})"] + [r.choice(ops) for _ in range(r.randint(1, 3))]


def f_nummeth(r):
    x = rfloat(r)
    ops = [f"({x!r}).is_integer()", f"({x!r}).as_integer_ratio()", f"({x!r}).hex()", f"({x!r}).conjugate()",
           f"({rint(r)}).as_integer_ratio()", f"({rint(r)}).bit_count()", f"({rint(r)}).conjugate()", f"({x!r}).real",
           f"float('inf').as_integer_ratio()", f"(2.5).is_integer(1)", f"({x!r} * 3).is_integer()"]
    return [f"print({r.choice(ops)})" for _ in range(r.randint(1, 3))]


# ---------------------------------------------------------------- recursion (c/src/front/py_frames.c's forms)
def f_recursion(r):
    n, k = r.randint(0, 300), r.randint(1, 7)
    deep = ["def down(n, acc=0):", "    if n <= 0:", "        return acc", f"    elif n % {k} == 0:",
            "        return down(n - 1, acc=acc + 2)", "    else:", "        x = down(n - 1, acc + 1)", "        return x"]
    loops = ["def walk(n, seen):", "    total = 0", "    for i in range(3):", "        if i == 1:", "            continue",
             f"        if n > 0 and i == {k % 2 * 2}:", "            total += walk(n - 1, seen) + i", "        else:",
             "            seen.append(n)", "            break", "    else:", "        total -= 1", "    while n > 5 and total < 0:",
             "        total = -total", "    return total"]
    exprs = ["def e(n):", "    return (n, -e(n - 1)[1] + 1, not e(n - 1)[2], [e(n - 2)[0]]) if n > 1 else (n, 0, True, [])",
             "def chain(n):", "    return n > 0 and chain(n - 1) or n < -1 or (0 < n + 1 < chain(n - 2) + 3 if n > -3 else False)"]
    mutual = ["def is_even(n):", "    return True if n == 0 else is_odd(n - 1)",
              "def is_odd(n):", "    return False if n == 0 else is_even(n - 1)"]
    meth = ["class Tree:", "    def __init__(self, n):", "        self.n = n",
            "        self.kids = [Tree(n - 1)] if n > 0 else []", "    def size(self):",
            "        return 1 + sum(k.size() for k in self.kids)", "    def depth(self):",
            "        return 1 + max([k.depth() for k in self.kids], default=0)",
            "    def path(self, acc):", "        acc.append(self.n)", "        return self.kids[0].path(acc) if self.kids else acc"]
    boom = ["def boom(n):", f"    if n == {n // 2}:", "        raise ValueError('deep', n)", "    return boom(n - 1) * 2"]
    gen = ["def countdown(n):", "    if n > 0:", "        yield n", "        yield from countdown(n - 1)"]
    fact = ["f = lambda n, m=1: m if n <= 1 else f(n - 1, m * n)"]
    tryrec = ["def tr(n, log):", "    try:", "        if n == 0:", f"            return 0 if {k % 2} else int('x')",
              "        v = tr(n - 1, log)", f"        if n % {k + 1} == 0:", "            raise KeyError(n)", "        return v + 1",
              "    except KeyError as e:", "        log.append(e.args[0])", "        return -1",
              "    except (TypeError, ZeroDivisionError):", "        return -2",
              "    finally:", f"        if n % {k + 3} == 0:", "            log.append(-n)"]
    pick = r.choice([
        deep + [f"print(down({n}), down({n % 17}, acc=-1))"],
        loops + ["s = []", f"print(walk({n % 40}, s), len(s), s[:5])"],
        exprs + [f"print(e({n % 12}), chain({n % 30}), chain(-2))"],
        mutual + [f"print(is_even({n}), is_odd({n}), [is_even(i) for i in range({k})])"],
        meth + [f"t = Tree({n % 60})", "print(t.size(), t.depth(), t.path([])[-3:])"],
        boom + ["try:", f"    boom({n})", "except ValueError as err:", "    print('caught', err.args)"],
        gen + [f"print(sum(countdown({n % 150})), list(countdown({k})))"],
        fact + [f"print(f({n % 200}) % 1000003, f({k}, m=2))"],
        tryrec + ["log = []", "try:", f"    print(tr({n}, log), log[:6], len(log))", "except ValueError as err:",
                  "    print('top', err, log[:6], len(log))"],
    ])
    return pick


FAMILIES += [f_recursion]
FAMILIES += [f_class_dunders, f_exc_flow, f_params, f_unpack, f_sets, f_methods, f_strfmt, f_bigint, f_keys, f_gen2,
             f_subclass, f_nummeth]


def f_random(r):
    # random's draws (C methods with Python fallbacks: py_lib_random.c) under seeds of every kind, with argument
    # values around the fast paths' edges (2**61, big ints, bools, empty ranges); ints only (a float argument of
    # randrange warns on CPython's stderr)
    def arg():
        return r.choice([str(rint(r)), str(r.randint(-9, 40)), "2**61", "-(2**61)", "2**61 - 1", "2**64 + 7", "True", "0"])
    seed = r.choice([str(rint(r)), repr(rstr(r)), repr(rfloat(r)), "2**100 + 1", "-5"])
    seq = r.choice(["'abcdef'", repr(rstr(r)), "[1, 2.5, 'x', None]", "(7,)", "()", f"range({r.randint(-5, 5)}, {r.randint(-20, 60)}, {r.choice([1, -1, 3, -7])})"])
    ops = [f"r.randrange({arg()})", f"r.randrange({arg()}, {arg()})", f"r.randrange({arg()}, {arg()}, {arg()})",
           f"r.randint({arg()}, {arg()})", f"r.getrandbits({r.randint(0, 200)})", "r.random()", f"r.choice({seq})",
           f"r.uniform({arg()}, {arg()})", "r.gauss()", f"r.gauss({arg()}, {arg()})", f"r.sample(range({r.randint(0, 40)}), {r.randint(0, 8)})",
           f"[r.randint(1, 6) for _ in range({r.randint(1, 700)})][-3:]", "r.setstate(r.getstate()) or r.random()",
           f"(lambda x: (r.shuffle(x), x)[1])(list(range({r.randint(0, 12)})))", f"r.seed({seed}) or r.random()"]
    lines = [f"import random\nr = random.Random({seed})"]
    for _ in range(r.randint(1, 4)):
        lines.append(f"try:\n    print({r.choice(ops)})\nexcept (ValueError, TypeError, IndexError, OverflowError) as e:\n"
                     f"    print(type(e).__name__, e)")
    return lines


FAMILIES += [f_random]


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


def install_graph_lab_stub():
    """Without ../shared (a checkout on its own, as CI may clone it) CPython still needs `graph_lab` for TAIL,
    the only use of it here: the language is what is compared, and TAIL prints nothing either way."""
    import types
    gl = types.ModuleType("graph_lab")
    gl.F = types.SimpleNamespace(exp=lambda x: x)
    gl.trace = lambda f, shapes, *a, **k: None
    sys.modules["graph_lab"] = gl


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
    else:
        install_graph_lab_stub()
    out = []
    for k in range(count):
        r = random.Random(seed * 1_000_003 + k)
        out.append(run(make_program(r), f"fuzz_{seed}_{k}"))
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
