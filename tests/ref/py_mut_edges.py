"""py_mut_edges.py — issue 36: Python's own edges, the ones a plausible one-line bug in the front end gets
wrong (`%` and `//` with negative operands, slices with negative steps, a repeated keyword argument, a
comprehension's variable, `and` / `or` evaluating one side, bools in float arithmetic, `in range(...)` with a
negative step, `is` against `==`, columns counted in code points, big ints, ...). Each snippet runs here under
CPython 3.11 (`python3 tests/ref/py_mut_edges.py`); what it printed and its uncaught exception ("Type: message"
at LINE, and the 1-based code-point column CPython's traceback points at) are recorded in
tests/golden/python/mut/edges.json, which tests/py-mut.test.js holds `graphlab trace` to. Never edit the JSON
by hand: edit a snippet here and rerun."""
import contextlib
import io
import json
import os
import sys
import traceback

CASES = {
    # ------------------------------------------------------------------ % and // (Python floors)
    "mod_negative_divisor": "print(7 % -3, -7 % 3, -7 % -3, 0 % -5, 6 % -3)\nprint(7.5 % -2, -7.5 % 2, 1 % -0.5)",
    "floordiv_rounds_down": "print(7 // -2, -7 // 2, -7 // -2, 7 // 2, -1 // 10)\nprint(7.0 // -2, -7.5 // 2, 1 // -0.3)",
    "divmod_signs": "print(divmod(-7, 2), divmod(7, -2), divmod(-7, -2), divmod(-7.5, 2))",
    "mod_by_zero": "x = 0\nprint('before')\nprint(5 % x)",
    "floordiv_by_zero": "print(1)\ny = 7 // 0",
    "bigint_floor_mod": "a = -(2 ** 100)\nprint(a // 7, a % 7, a // -7, a % -7)\nprint((10 ** 30 + 1) % -(10 ** 15))",
    # ------------------------------------------------------------------ slices
    "slice_negative_steps": "s = 'abcdef'\nprint(s[::-1], s[::-2], s[4:1:-1], s[-1:-4:-1], repr(s[1:4:-1]))\n"
                            "l = [0, 1, 2, 3, 4, 5]\nprint(l[::-2], l[5:0:-2], l[-2::-3], l[10:-10:-1], l[:-7:-1])\n"
                            "t = (1, 2, 3)\nprint(t[::-1], t[-1::-2], t[2:-4:-1])",
    "slice_negative_plain": "s = 'abcdef'\nprint(s[::-1], s[::-2], s[4:1:-1], s[-1:-4:-1], len(s[1:4:-1]), s[-100:100:2])\n"
                            "l = [0, 1, 2, 3, 4, 5]\nprint(l[::-2], l[5:0:-2], l[-2::-3], l[10:-10:-1], l[:-7:-1], l[-1:3:-1])\n"
                            "print((1, 2, 3)[::-1], [][::-1], 'x'[::-1], l[4:4:-1], l[2:100])",
    "slice_step_zero": "l = [1, 2]\nprint(l[::1])\nprint(l[::0])",
    "slice_assign_neg": "l = list(range(6))\nl[::-2] = ['a', 'b', 'c']\nprint(l)\ndel l[::-3]\nprint(l)",
    "range_negative_in": "r = range(10, 0, -2)\nprint(10 in r, 9 in r, 0 in r, 2 in r, -2 in r, 11 in r)\n"
                         "print(3 in range(10, 0, -1), 0 in range(10, 0, -1), 10 in range(10, 0, -1))\n"
                         "print(list(range(5, -5, -3)), len(range(10, 0, -3)), range(10, 0, -3)[1], range(10, 0, -3)[-1])",
    # range(...)[a:b:c] is not in the front end yet (a TypeError): reported in issue 36's notes; its indexing is
    "range_index": "r = range(0, 20, 3)\nprint(r[-2], r[2], r[-1], len(r), list(reversed(r)), 18 in r, 19 in r)\n"
                   "print(len(range(5, 5)), len(range(10, 0, -3)), range(10, 0, -3)[-1], list(range(3))[::-1])",
    # ------------------------------------------------------------------ the program's functions on heap frames
    "frames_loop_break_cmp": "def g(n, log):\n    log.append(('g', n))\n    return n\n"
                             "def f(n, log):\n    for i in range(4):\n        if i == 1:\n            continue\n"
                             "        if i == 3:\n            break\n        log.append(i)\n    else:\n        log.append('else')\n"
                             "    if n == 0:\n        return 0\n    return f(n - 1, log) + (n < 0 < g(n, log)) + (0 < n < g(n, log))\n"
                             "log = []\nprint(f(3, log), log)",
    "frames_try_unwinds": "def f(n, log):\n    try:\n        if n == 0:\n            raise KeyError('bottom')\n        return f(n - 1, log) + 1\n"
                          "    except ValueError:\n        log.append('never')\n    finally:\n        log.append(n)\n"
                          "log = []\ntry:\n    f(5, log)\nexcept KeyError as e:\n    print('caught', e, log)",
    "frames_with_ctl": "class M:\n    def __init__(self, n, swallow=False):\n        self.n, self.swallow = n, swallow\n"
                       "    def __enter__(self):\n        return self.n\n    def __exit__(self, et, ev, tb):\n"
                       "        log.append((self.n, et.__name__ if et else None))\n        return self.swallow\n"
                       "def loop():\n    out = []\n    for i in range(6):\n        with M(i) as v:\n            if i == 1:\n"
                       "                continue\n            if i == 3:\n                break\n            out.append(v)\n    return out\n"
                       "def swallow(n):\n    with M(n, swallow=True):\n        raise KeyError(n)\n    return 'after'\n"
                       "def early():\n    with M(9):\n        return 'returned'\n    return 'fell through'\n"
                       "log = []\nprint(loop(), swallow(5), early(), log)",
    # ------------------------------------------------------------------ calls
    "kwarg_repeated": "def f(a, b=2):\n    return a + b\nprint(f(1, b=3))\nprint(f(a=1, a=2))",
    "kwarg_twice_positional": "def f(a, b=2):\n    return a + b\nprint('ok')\nprint(f(1, a=2))",
    "kwarg_unknown": "def f(a):\n    return a\nprint(f(1))\nf(b=1)",
    "call_too_many": "def f(a, b):\n    return a\nf(1, 2, 3)",
    "call_missing": "def f(a, b, c=1):\n    return a\nf(1)",
    # ------------------------------------------------------------------ scoping
    "comprehension_var_not_leaking": "x = 'outer'\nys = [x * 2 for x in range(3)]\nprint(x, ys)\n"
                                     "d = {k: k for k in 'ab'}\ng = list(j for j in (1, 2))\nprint(sorted(d), g)\nprint(k)",
    "comprehension_nested_scope": "x = 10\nprint([x + y for y in range(2) for x in range(y, 3)], x)\n"
                                  "print({y % 3 for y in range(7)}, [[i * j for j in range(3)] for i in range(2)])",
    "loop_var_leaks": "for i in range(3):\n    pass\nprint(i)\nfor j in []:\n    pass\nprint(j)",
    # ------------------------------------------------------------------ and / or
    "and_or_short_circuit": "def t(v):\n    print('t', v)\n    return v\nprint(t(0) and t(1))\nprint(t(1) or t(2))\n"
                            "print(t(1) and t(0) or t(3))\nprint(t('') or t(0) or t([]))\nprint(t(2) and t(3) and t(4))",
    "and_or_values": "print(0 or [], 3 and 'x', '' and 1, None or 0, [] or {} or 'z', 1 and 0 and 2)\nprint(not 0, not [1], not '')",
    "and_guards_error": "d = {}\nprint('k' in d and d['k'] > 0)\nx = None\nprint(x is not None and x.shape)\nprint(d['k'] or 1)",
    "conditional_expr_lazy": "def boom():\n    raise ValueError('no')\nprint(1 if True else boom(), boom() if False else 2)",
    # ------------------------------------------------------------------ bools and numbers
    "bools_in_float_arith": "print(True + 1.5, True * 2.0, False / 1, True // 1, -True, True ** 2, 1.0 + False)\n"
                            "print(True + True, True / 2, repr(True * 1.0), abs(-True), True - 0.25, round(True * 2.5))",
    "bools_float_plain": "print(True + 1.5, True * 2.0, False / 1, 1.0 + False, True - 0.25, True / 2, 2.5 * True)\n"
                         "print(True + True, -True, True ** 2, True // 1, 7 % True, False * 3.5)",
    "bool_compare_sum": "print(sum([True, True, False]), max(True, 0.5), True == 1, True == 1.0)\n"
                        "print(sorted([True, 0, 0.5, -1]), [1, 2][True], 'ab'[False])",
    "int_float_compare": "print(1 == 1.0, 2 ** 53 + 1 == float(2 ** 53 + 1), 10 ** 20 < 1e20 + 1, -0.0 == 0, 0.1 + 0.2 == 0.3)",
    "float_repr": "print(0.1 + 0.2, 1e16, 1e-5, 2.0, -0.0, 1 / 3, 1e22, 123456789.0 * 10, float('inf'), -float('inf'))",
    "true_division_ints": "print(7 / 2, -7 / 2, 1 / 3, 10 ** 20 / 10 ** 19, 2 ** 70 / 2 ** 69, 6 / 3)",
    "pow_edges": "print(2 ** -1, (-2) ** 3, (-8) ** 2, 2 ** 0, 0 ** 0, 10 ** -2, 2 ** 64, (-3) ** 3 % 5)",
    "int_huge": "print(2 ** 100, -(2 ** 64) // 3, (10 ** 20) % 7, len(str(3 ** 200)), 10 ** 18 * 10 ** 18)",
    # ------------------------------------------------------------------ is / ==
    "is_vs_eq": "a = [1]\nb = a\nprint(a is b, a is [1], a == [1], a is not b, [1] is not [1])\n"
                "print(None is None, (a is None) == False, 'x' == 'x')\nc = {'k': 1}\nd = dict(c)\nprint(c == d, c is d)",
    "is_not_none_guard": "def f(x=None):\n    if x is None:\n        return 'none'\n    return x\nprint(f(), f(0), f([]), f(False))",
    # ------------------------------------------------------------------ comparisons and containers
    "chained_compare_once": "def t(v):\n    print('t', v)\n    return v\nprint(1 < t(2) < 3, 1 < t(0) < t(5), t(3) > 2 > t(9))",
    "container_compare": "print([1, 2] < [1, 3], (1, 2) < (1, 2, 0), [2] > [1, 9], 'abc' < 'abd', 'Z' < 'a', [] < [0])\n"
                         "print((1, 'a') == (1, 'a'), [1, [2]] == [1, [2]], {1: 2} == {1: 2.0})",
    "in_operators": "print(2 in [1, 2], 'b' in 'abc', 'bc' in 'abc', 3 in {3: 0}, 0 in {3: 0}, (1, 2) in [(1, 2)], 'x' not in 'abc')",
    # ------------------------------------------------------------------ strings and Unicode
    "unicode_len_index": "s = 'héllo wörld'\nprint(len(s), s[1], s[-4], s[::-1], s.upper(), s.find('ö'), ord('é'), chr(246))\n"
                         "t = '日本語'\nprint(len(t), t[1], t[::-1], list(t), t * 2)",
    "unicode_error_column": "s = 'ééé'\nprint(len(s))\nx = s + 1",
    "unicode_error_column_2": "t = '日本語の文字'; u = t.nope",
    "str_mult_neg": "print(repr('ab' * -1), [0] * 0, (1,) * 2, 3 * 'x', repr('' * 5))",
    "negative_index_errors": "l = [1, 2, 3]\nprint(l[-3])\nprint(l[-4])",
    # ------------------------------------------------------------------ exceptions and errors
    "zero_div_float": "print(1.5)\nprint(1.0 / 0)",
    "name_error_line": "a = 1\nb = a + c",
    "type_error_add": "print('a' * 2)\nprint('a' + 1)",
    "unbound_local": "x = 1\ndef f():\n    print(x)\n    x = 2\nf()",
    "try_except_finally": "def f(v):\n    try:\n        return 10 // v\n    except ZeroDivisionError as e:\n        print('caught', e)\n        return -1\n    finally:\n        print('finally', v)\nprint(f(2), f(0))",
    # ------------------------------------------------------------------ generators and iteration
    "generator_lazy_order": "def g():\n    for i in range(3):\n        print('yield', i)\n        yield i\nfor v in g():\n    print('got', v)\n"
                            "it = iter(g())\nprint(next(it), next(it))\nprint(sum(x * x for x in g()))",
    "zip_enumerate_reversed": "print(list(zip('ab', [1, 2, 3])), list(enumerate('xy', -1)), list(reversed(range(1, 7, 2))))",
    "sorted_key_stable": "print(sorted(['bb', 'a', 'ccc', 'dd'], key=len), sorted([3, -1, 2], key=abs, reverse=True), max('ab', 'b', key=len))",
    # ------------------------------------------------------------------ second pass (issue 36): exceptions
    "except_hierarchy": "def f(v):\n    try:\n        return 10 // v\n    except ArithmeticError as e:\n        print('arith', type(e).__name__, e)\n"
                        "    try:\n        [][v]\n    except LookupError as e:\n        print('lookup', type(e).__name__)\n"
                        "    try:\n        {}['k']\n    except Exception as e:\n        print('exc', type(e).__name__, repr(e))\n"
                        "    try:\n        int('x')\n    except (KeyError, ValueError) as e:\n        print('tuple', type(e).__name__)\n"
                        "    return 'done'\nprint(f(0))\ntry:\n    1 / 0\nexcept LookupError:\n    print('wrong')",
    "try_else_finally_return": "def f(x):\n    try:\n        if x:\n            return 'early'\n    except ValueError:\n        print('never')\n"
                               "    else:\n        print('else', x)\n    finally:\n        print('finally', x)\n    return 'late'\n"
                               "print(f(1))\nprint(f(0))\ndef g():\n    for i in range(3):\n        try:\n            if i == 1:\n"
                               "                break\n        except KeyError:\n            pass\n        else:\n            print('else', i)\n        finally:\n            print('fin', i)\n    return i\n"
                               "print(g())\ndef h():\n    try:\n        return 1\n    finally:\n        print('h fin')\n    return 2\nprint(h())",
    # ------------------------------------------------------------------ generators
    "any_all_short_circuit": "def g(n):\n    for i in range(n):\n        print('g', i)\n        yield i\nprint(any(x > 1 for x in g(5)))\n"
                             "print(all(x < 1 for x in g(5)))\nprint(any(g(0)), all(g(0)), any([0, '', None]), all([1, 'a']))\n"
                             "it = iter([0, 0, 3, 4, 5])\nprint(any(it), list(it))\nit = iter([1, 0, 7])\nprint(all(it), list(it))",
    "yield_from_value": "def inner(n):\n    for i in range(n):\n        yield i\n    return 'inner done %d' % n\n"
                        "def outer():\n    r = yield from inner(2)\n    print('r =', r)\n    s = yield from [7, 8]\n    print('s =', s)\n"
                        "    return 'outer'\nprint(list(outer()))\ndef plain():\n    yield 1\ndef wrap():\n    v = yield from plain()\n    print('v =', v)\n"
                        "    yield 2\nprint(list(wrap()))",
    # ------------------------------------------------------------------ Unicode
    "str_len_code_points": "print(len('é'), len('日本語'), len('😀a'), len(''), 'naïve'[2], 'naïve'[-1], 'x😀y'.index('y'))\n"
                           "s = 'ab€'\nprint(s[2], s[-1] == '€', len(s * 3), len(s + 'é'), s[1:], [c for c in 'é😀'])",
    "repr_quotes": "print(repr('it\\'s \"q\"'), repr(\"it's\"), repr('say \"hi\"'), repr('\\\\'), [repr(\"'\")], [\"a'b\", 'c\"d'])",
    "repr_unprintable": "print(repr('a\\xa0b'), repr('z\\u200bw'), repr('é日😀'), repr('\\x85'), repr('\\x7f\\x00'), ascii('é'))\n"
                        "print(['\\xa0', '\\u2028', 'ß'], ('\\xad',))",
    # ------------------------------------------------------------------ rounding
    "round_half_even": "print(round(0.5), round(1.5), round(2.5), round(-2.5), round(-0.5), round(3.5), round(2.675, 2))\n"
                       "print(round(25, -1), round(35, -1), round(-25, -1), round(15, -1), round(250, -2), round(1, -1), round(5, -1))",
    # ------------------------------------------------------------------ comparisons, calls
    "chained_compare_false_link": "print(1 < 0 < 5, 3 > 2 > 1 > 2, 1 == 1 != 2, 0 < 1 < 2 < 1, 5 > 4 >= 4 > 3)",
    "calls_in_loop": "def f(x):\n    return x + 1\ns = 0\nfor i in range(2500):\n    s = f(s)\nprint(s)\ng = lambda v: v * 2\n"
                     "print(sum(g(i) for i in range(1500)))",
}


def run(src):
    out = io.StringIO()
    err = None
    g = {"__name__": "__main__"}
    try:
        code = compile(src, "prog.py", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, g)
    except SyntaxError as e:
        err = {"line": e.lineno, "col": e.offset, "msg": f"{type(e).__name__}: {e.msg}"}
    except Exception as e:  # noqa: BLE001 - the oracle records whatever CPython raised
        tb = traceback.extract_tb(e.__traceback__)[-1]
        line = src.split("\n")[tb.lineno - 1]
        # the column of the failing expression, in code points (CPython's colno is a UTF-8 byte offset)
        col = len(line.encode("utf-8")[: tb.colno].decode("utf-8")) + 1 if tb.colno is not None else None
        err = {"line": tb.lineno, "col": col, "msg": f"{type(e).__name__}: {e}"}
    return {"out": out.getvalue(), "err": err}


def main():
    assert sys.version_info[:2] == (3, 11), "record with CPython 3.11 (python3)"
    table = [{"name": name, "src": src, **run(src)} for name, src in CASES.items()]
    path = os.path.join(os.path.dirname(__file__), "..", "golden", "python", "mut", "edges.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(table, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{len(table)} cases, {sum(1 for t in table if t['err'])} ending in an exception -> {os.path.relpath(path)}")


if __name__ == "__main__":
    main()
