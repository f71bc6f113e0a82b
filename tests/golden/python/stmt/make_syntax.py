#!/usr/bin/env python3
"""Records CPython's SyntaxErrors for syntax_cases.py into syntax_errors.json. Run with `python3`, the oracle
(CPython 3.11.7): python3 tests/golden/python/stmt/make_syntax.py"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from syntax_cases import CASES  # noqa: E402

out = []
for name, src in CASES:
    try:
        compile(src, "t.py", "exec")
        rec = {"name": name, "source": src, "ok": True}
    except SyntaxError as e:
        rec = {"name": name, "source": src, "exc": type(e).__name__, "line": e.lineno, "col": e.offset, "msg": e.msg}
    out.append(rec)
path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "syntax_errors.json")
with open(path, "w", encoding="utf-8") as f:
    json.dump({"python": sys.version.split()[0], "cases": out}, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(len(out), "cases")
