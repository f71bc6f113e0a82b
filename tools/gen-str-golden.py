#!/usr/bin/env python3
"""gen-str-golden.py — records CPython's answers for the str lane's tests (tests/py-str.test.js).

  tests/golden/python/str/*.py   programs; their print output (stdout under `python3`, with the stub
                                 graph_lab of tests/golden/python/stub) is written next to them as .out
  tests/golden/python/str/errors.json
                                 programs that end in an error (ERRORS below): CPython's "ExcName: message",
                                 its line, and for a SyntaxError its column

Run with the oracle: `python3 tools/gen-str-golden.py` (CPython 3.11). Never edit the outputs by hand."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DIR = os.path.join(ROOT, 'tests', 'golden', 'python', 'str')
STUB = os.path.join(ROOT, 'tests', 'golden', 'python', 'stub')
assert sys.version_info[:2] == (3, 11), 'record with CPython 3.11'
ENV = dict(os.environ, PYTHONPATH=STUB, PYTHONIOENCODING='utf-8', PYTHONDONTWRITEBYTECODE='1')
TAIL = '\nfrom graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n'

# (name, program): each ends in an error before its trace
ERRORS = [
    ('escape_unknown_name', 'x = 1\ny = "\\N{NO SUCH NAME}"\n'),
    ('escape_unknown_name_offset', 's = "形状\\N{foo}" + "x"\n'),
    ('escape_lowercase_cjk', 's = "\\N{cjk unified ideograph-4E00}"\n'),
    ('escape_malformed_N', 's = "ab\\N"\n'),
    ('escape_malformed_N_brace', 's = "\\N{"\n'),
    ('escape_empty_N', 's = "\\N{}"\n'),
    ('escape_truncated_x', 's = "a\\x4"\n'),
    ('escape_truncated_x_cjk', 's = "形状\\xZZ"\n'),
    ('escape_truncated_u', 's = "\\u12"\n'),
    ('escape_truncated_U', 's = "\\U0001F60"\n'),
    ('escape_illegal_U', 's = "\\U00110000"\n'),
    ('escape_in_triple', 's = """a\nb\\N{x}"""\n'),
    ('escape_in_fstring', 'x = 1\ns = f"{x}\\N{nope}"\n'),
    ('escape_in_concat', 's = ("ok"\n     "\\x1")\n'),
    ('ord_long', 'print(ord("ab"))\n'),
    ('ord_empty', 'print(ord(""))\n'),
    ('ord_int', 'print(ord(5))\n'),
    ('chr_range', 'print(chr(0x110000))\n'),
    ('chr_negative', 'print(chr(-1))\n'),
    ('chr_str', 'print(chr("a"))\n'),
    ('index_range', 's = "形状"\nprint(s[2])\n'),
    ('index_type', 's = "abc"\nprint(s["a"])\n'),
    ('slice_step_zero', 's = "abc"\nprint(s[::0])\n'),
    ('str_assign', 's = "abc"\ns[0] = "x"\n'),
    ('index_not_found', 'print("abc".index("z"))\n'),
    ('rindex_not_found', 'print("abc".rindex("z", 1))\n'),
    ('split_empty_sep', 'print("a b".split(""))\n'),
    ('split_int_sep', 'print("a b".split(1))\n'),
    ('strip_int', 'print("a".strip(1))\n'),
    ('replace_type', 'print("a".replace(1, "b"))\n'),
    ('replace_count_args', 'print("a".replace("a"))\n'),
    ('find_type', 'print("a".find(1))\n'),
    ('find_no_args', 'print("a".find())\n'),
    ('startswith_type', 'print("a".startswith(1))\n'),
    ('center_fill', 'print("a".center(5, "ab"))\n'),
    ('center_width_type', 'print("a".center("5"))\n'),
    ('join_item', 'print(",".join(["a", 1]))\n'),
    ('join_not_iterable', 'print(",".join(5))\n'),
    ('partition_empty', 'print("a".partition(""))\n'),
    ('upper_args', 'print("a".upper(1))\n'),
    ('zfill_args', 'print("a".zfill())\n'),
    ('strip_keyword', 'print("a".strip(chars="a"))\n'),
    ('split_bad_keyword', 'print("a".split(x=1))\n'),
    ('no_attribute', 'print("a".foo())\n'),
    ('in_int', 'print(1 in "abc")\n'),
    ('concat_int', 'print("a" + 1)\n'),
    ('format_unknown_code_str', 'print(format("a", "d"))\n'),
    ('format_sign_str', 'print(format("a", "+"))\n'),
    ('format_eq_str', 'print(format("a", "=5"))\n'),
    ('format_alt_str', 'print(f"{\'a\':#}")\n'),
    ('format_precision_int', 'print(format(1, ".2"))\n'),
    ('format_unknown_code_float', 'print(format(1.5, "d"))\n'),
    ('format_invalid_spec', 'print(format(1, "abc"))\n'),
    ('format_comma_underscore', 'print(format(1, ",_"))\n'),
    ('format_comma_x', 'print(format(1, ",x"))\n'),
    ('format_missing_precision', 'x = 2\nprint(f"{x:.}")\n'),
    ('format_too_many_digits', 'print(format(1, "99999999999999999999"))\n'),
    ('format_none_spec', 'print(f"{None:>5}")\n'),
    ('format_list_spec', 'print("{:5}".format([1]))\n'),
    ('format_c_sign', 'print(format(65, "+c"))\n'),
    ('format_c_range', 'print(format(-1, "c"))\n'),
    ('str_format_index', 'print("{} {}".format(1))\n'),
    ('str_format_key', 'print("{x}".format(y=1))\n'),
    ('str_format_switch', 'print("{} {0}".format(1))\n'),
    ('str_format_switch2', 'print("{0} {}".format(1, 2))\n'),
    ('str_format_single_close', 'print("a}b".format())\n'),
    ('str_format_single_open', 'print("a{b".format())\n'),
    ('str_format_bad_conv', 'print("{!x}".format(1))\n'),
    ('str_format_item', 'print("{0[5]}".format([1]))\n'),
    ('percent_not_enough', 'print("%s %s" % (1,))\n'),
    ('percent_not_all', 'print("%s" % (1, 2))\n'),
    ('percent_not_all_single', 'print("x" % 5)\n'),
    ('percent_d_str', 'print("%d" % "1")\n'),
    ('percent_x_float', 'print("%x" % 1.5)\n'),
    ('percent_f_str', 'print("%f" % "1")\n'),
    ('percent_unsupported', 'print("%z" % 1)\n'),
    ('percent_incomplete', 'print("abc %" % 1)\n'),
    ('percent_mapping', 'print("%(a)s" % (1,))\n'),
    ('percent_key', 'print("%(b)s" % {"a": 1})\n'),
    ('percent_c_long', 'print("%c" % "ab")\n'),
    ('percent_c_range', 'print("%c" % 0x110000)\n'),
    ('percent_star', 'print("%*s" % ("a", 1))\n'),
    ('fstring_single_brace', 'x = 1\nprint(f"a } b")\n'),
    ('fstring_empty_expr', 'print(f"{}")\n'),
    ('fstring_bad_conversion', 'x = 1\nprint(f"{x!z}")\n'),
    ('fstring_unclosed', 'x = 1\nprint(f"{x")\n'),
    ('fstring_backslash', 'print(f"{\'\\n\'.join([])}")\n'),
    ('repeat_limit', 's = "ab" * (2 ** 62)\n'),
]


def run(src, stdin=False):
    if stdin:
        return subprocess.run([sys.executable, '-'], input=src, capture_output=True, env=ENV, cwd=DIR)
    return subprocess.run([sys.executable, '-c', src], capture_output=True, env=ENV, cwd=DIR)


def main():
    n = 0
    for f in sorted(os.listdir(DIR)):
        if not f.endswith('.py'): continue
        path = os.path.join(DIR, f)
        r = subprocess.run([sys.executable, path], capture_output=True, env=ENV, cwd=DIR)
        if r.returncode != 0:
            sys.exit(f'{f}: {r.stderr.decode()}')
        with open(path[:-3] + '.out', 'wb') as o: o.write(r.stdout)
        n += 1
    errs = []
    for name, prog in ERRORS + [('non_utf8_source', None)]:
        if prog is None:    # bytes: a Latin-1 é in a UTF-8 file
            src = b'x = 1\n# caf\xe9\ny = 2\n'
            r = run(src, stdin=True)
            last = r.stderr.decode().strip().splitlines()[-1]
            errs.append({'name': name, 'program_latin1': src.decode('latin-1'), 'error': last, 'line': 2, 'col': None})
            continue
        src = prog + TAIL
        err = line = col = None
        try:   # a str: columns in code points (compiling bytes, or a file, CPython 3.11 counts some in bytes)
            compile(src, '<stdin>', 'exec')
        except SyntaxError as e:
            err, line, col = f'SyntaxError: {e.msg}', e.lineno, e.offset
        if err is None:
            r = run(src.encode(), stdin=True)
            if r.returncode == 0: sys.exit(f'{name}: no error')
            lines = r.stderr.decode().strip().splitlines()
            err = lines[-1]
            for l in lines:
                if l.strip().startswith('File "<stdin>", line '):
                    line = int(l.strip().split('line ')[1].split(',')[0])
        if name == 'repeat_limit':   # CPython: MemoryError / OverflowError; GraphLab: its limit (not catchable)
            err = None
        errs.append({'name': name, 'program': src, 'error': err, 'line': line, 'col': col})
    with open(os.path.join(DIR, 'errors.json'), 'w', encoding='utf-8') as o:
        json.dump(errs, o, ensure_ascii=False, indent=1)
        o.write('\n')
    print(f'{n} programs, {len(errs)} error programs recorded')


main()
