"""The oracle side of tests/py-int.test.js (the int lane: arbitrary-precision ints, number semantics, the
graph_lab API a program imports).

For every tests/golden/python/int/NAME.py:
  - a language program (any name not starting with graph_) runs under `python3` (CPython 3.11, no numpy),
    with a stand-in graph_lab (tests/ref/stub/) for the trivial trace(...) it ends with;
  - a graph program (graph_*.py) runs under /usr/bin/python3 (which has numpy) with the reference module
    ../shared/reference/graph_lab.py, and str() of its LAST trace(...) is recorded too.
Recorded: NAME.out (what it printed), NAME.err ("LINE<TAB>Type: message" of an uncaught exception, at the
innermost frame in the program) and, for graph programs, NAME.graph (str(graph), no trailing newline).

Usage: python3 tests/ref/py_int.py        (rewrites the recorded files next to the programs)
"""
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DIR = os.path.join(ROOT, "tests", "golden", "python", "int")
REF = os.path.abspath(os.path.join(ROOT, "..", "shared", "reference"))
if not os.path.isdir(REF):
    REF = "/work/shared/reference"

RUNNER = r'''
import io, json, sys, traceback
path, ref = sys.argv[1], sys.argv[2]
sys.path.insert(0, ref)
import graph_lab as gl
graphs = []
orig = gl.trace
def recording(*a, **k):
    g = orig(*a, **k)
    graphs.append(g)
    return g
gl.trace = recording
src = open(path, encoding="utf-8").read()
out = io.StringIO()
real = sys.stdout
sys.stdout = out
err = None
try:
    exec(compile(src, path, "exec"), {"__name__": "__main__"})
except BaseException as e:
    line = 0
    for fr in traceback.extract_tb(e.__traceback__):
        if fr.filename == path:
            line = fr.lineno
    msg = str(e)
    err = f"{line}\t{type(e).__name__}" + (f": {msg}" if msg else "")
finally:
    sys.stdout = real
print(json.dumps({"out": out.getvalue(), "err": err,
                  "graph": str(graphs[-1]) if graphs and graphs[-1] is not None else None}))
'''


def run(path):
    name = os.path.basename(path)
    graph = name.startswith("graph_")
    exe = "/usr/bin/python3" if graph else "python3"
    ref = REF if graph else os.path.join(HERE, "stub")
    r = subprocess.run([exe, "-c", RUNNER, path, ref], capture_output=True, text=True, timeout=60)
    if r.returncode:
        raise RuntimeError(f"{name}: {r.stderr}")
    return json.loads(r.stdout)


def main():
    files = sorted(glob.glob(os.path.join(DIR, "*.py")))
    for path in files:
        res = run(path)
        base = path[:-3]
        for ext in (".out", ".err", ".graph"):
            if os.path.exists(base + ext):
                os.remove(base + ext)
        with open(base + ".out", "w", encoding="utf-8") as f:
            f.write(res["out"])
        if res["err"]:
            with open(base + ".err", "w", encoding="utf-8") as f:
                f.write(res["err"] + "\n")
        if os.path.basename(path).startswith("graph_"):
            if res["graph"] is None:
                raise RuntimeError(f"{path}: a graph program must trace")
            with open(base + ".graph", "w", encoding="utf-8") as f:
                f.write(res["graph"])
    print(f"{len(files)} programs recorded in {os.path.relpath(DIR, ROOT)}")


if __name__ == "__main__":
    sys.exit(main())
