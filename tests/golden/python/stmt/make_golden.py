#!/usr/bin/env python3
"""Records CPython 3.11's behaviour for every program in this folder (tests/py-stmt.test.js checks
`graphlab trace` against it). Run with the system python, which has numpy:

    /usr/bin/python3 tests/golden/python/stmt/make_golden.py

For each NAME.py: what it prints (stdout), str() of the graph of its last trace(...) call (the reference
module ../shared/reference/graph_lab.py, importable as graph_lab), or the exception that ends it as
"LINE:COL: Exc: message" — COL is CPython's own column: SyntaxError.offset for a syntax error, else the
start of the failing instruction's source range (co_positions, 1-based, in code points). The program runs
as __main__. Writes golden.json. (The syntax-error table is make_syntax.py's, run with `python3`, the
oracle CPython 3.11.7: /usr/bin/python3 is 3.11.2, whose tokenizer differs on a few inputs.)"""
import contextlib
import io
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
REF = os.path.join(ROOT, "..", "shared", "reference")
if not os.path.isdir(REF):
    REF = "/work/shared/reference"

DRIVER = r'''
import contextlib, io, json, sys
sys.path.insert(0, sys.argv[2])
import graph_lab as gl
path = sys.argv[1]
src = open(path, encoding="utf-8").read()
graphs = []
orig = gl.trace
def recording(*a, **k):
    g = orig(*a, **k)
    graphs.append(g)
    return g
gl.trace = recording
out = io.StringIO()
err = None
try:
    with contextlib.redirect_stdout(out):
        code = compile(src, path, "exec")
        exec(code, {"__name__": "__main__"})
except SyntaxError as e:
    err = "%d:%d: %s: %s" % (e.lineno, e.offset, type(e).__name__, e.msg)
except Exception as e:
    tb = e.__traceback__
    last = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == path:
            last = tb
        tb = tb.tb_next
    line, col = last.tb_lineno, 0
    pos = list(last.tb_frame.f_code.co_positions())[last.tb_lasti // 2]
    if pos[0] is not None:
        line = pos[0]
        text = src.split("\n")[line - 1].encode("utf-8")
        col = len(text[:pos[2]].decode("utf-8")) + 1
    msg = str(e)
    err = "%d:%d: %s%s" % (line, col, type(e).__name__, ": " + msg if msg else "")
rec = {"stdout": out.getvalue(), "text": None if err or not graphs else str(graphs[-1]), "error": err}
print(json.dumps(rec))
'''


def main():
    names = sorted(f[:-3] for f in os.listdir(HERE) if f.endswith(".py") and f not in
                   ("make_golden.py", "make_syntax.py", "syntax_cases.py"))
    out = []
    for name in names:
        path = os.path.join(HERE, name + ".py")
        r = subprocess.run([sys.executable, "-c", DRIVER, path, REF], capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"{name}: driver failed: {r.stderr}")
        rec = json.loads(r.stdout)
        rec["name"] = name
        out.append(rec)
    with open(os.path.join(HERE, "golden.json"), "w", encoding="utf-8") as f:
        json.dump({"python": sys.version.split()[0], "programs": out}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(len(out), "programs,", sum(1 for r in out if r["error"]), "ending in an error")


if __name__ == "__main__":
    main()
