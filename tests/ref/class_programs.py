"""The CPython side of the class-lane suite (tests/py-class.test.js): classes, decorators, dataclasses,
isinstance / type / getattr, exceptions.

Every tests/golden/python/class/*.py is run by CPython 3.11 (this interpreter, /usr/bin/python3, which has numpy)
with the reference module ../shared/reference/graph_lab.py importable as `graph_lab`, in a fresh `__main__`
namespace, the way tests/ref/programs.py runs its programs. Recorded per program, in expected.json:
  console  what it printed (GraphLab prints it on stderr);
  graph    str() of the graph of its last trace(...) call (what `graphlab trace` prints on stdout), or null;
  error    for a program that ends in an uncaught exception: {"type", "text" (the traceback's last line,
           "ExcName: message" as format_exception_only writes it), "line" (the line of the innermost frame in
           the program itself: where the raise or the failing expression is)}; GraphLab must end with
           "FILE.py:LINE:COL: text" at that line (COL: the start of the raise statement or expression).
A program whose first line is "# recorded as a script" is run as `python3 FILE.py` in a subprocess instead
(its graph not recorded): the recorder's own frames would count against the recursion limit it measures.
Default reprs carry addresses ("<__main__.C object at 0x...>"): the suite compares them with the address masked.

Usage:  /usr/bin/python3 tests/ref/class_programs.py          # rewrites tests/golden/python/class/expected.json
        /usr/bin/python3 tests/ref/class_programs.py lib      # the same for tests/golden/python/lib (the standard
                                                              # library modules: tests/py-lib.test.js)
"""
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DIR = os.path.join(ROOT, "tests", "golden", "python", sys.argv[1] if len(sys.argv) > 1 else "class")
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
for cand in [os.path.join(ROOT, "..", "..", "shared", "reference"), "/work/shared/reference"]:
    if os.path.isdir(cand):
        sys.path.insert(0, cand)
import graph_lab as gl  # noqa: E402


def run(name, src):
    graphs = []
    orig = gl.trace

    def recording(*a, **k):
        g = orig(*a, **k)
        graphs.append(g)
        return g

    gl.trace = recording
    buf = io.StringIO()
    rec = {"name": name, "console": "", "graph": None, "error": None}
    try:
        # one console, as a terminal shows stdout and stderr (GraphLab's sys.stderr writes to it too)
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            exec(compile(src, name, "exec"), {"__name__": "__main__"})
    except Exception as e:  # noqa: BLE001 — CPython's exception is the oracle
        frames = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == name]
        text = traceback.format_exception_only(type(e), e)[-1].strip()
        rec["error"] = {"type": type(e).__name__, "text": text, "line": frames[-1].lineno if frames else None}
    finally:
        gl.trace = orig
    rec["console"] = buf.getvalue()
    if graphs and not rec["error"]:
        rec["graph"] = str(graphs[-1])
    return rec


def run_script(name, path):
    """CPython's run of the file as a script, the recursion depth its own: console, and the error from the
    traceback's last line and the innermost frame in the file."""
    env = dict(os.environ, PYTHONPATH=os.path.dirname(gl.__file__))
    r = subprocess.run([sys.executable, name], cwd=os.path.dirname(path), env=env, text=True,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    rec = {"name": name, "console": r.stdout, "graph": None, "error": None}
    if r.returncode:
        console, _, tb = r.stdout.partition("Traceback (most recent call last):\n")
        text = tb.strip().split("\n")[-1]
        lines = re.findall(r'File "%s", line (\d+)' % re.escape(name), tb)
        rec["console"] = console
        rec["error"] = {"type": text.split(":")[0], "text": text, "line": int(lines[-1]) if lines else None}
    return rec


def main():
    out = []
    for f in sorted(os.listdir(DIR)):
        if f.endswith(".py"):
            with open(os.path.join(DIR, f), encoding="utf-8") as fh:
                src = fh.read()
            script = src.startswith("# recorded as a script")
            out.append(run_script(f, os.path.join(DIR, f)) if script else run(f, src))
    with open(os.path.join(DIR, "expected.json"), "w", encoding="utf-8") as fh:
        json.dump(out, fh, indent=1, ensure_ascii=False)
        fh.write("\n")
    print(f"{len(out)} programs, {sum(1 for r in out if r['error'])} ending in an exception")


if __name__ == "__main__":
    main()
