"""The reference side of tests/fuse-programs.test.js: fusion on graphs unlike a Llama layer.

The golden cases fuse Llama layers, where a kernel depends on a handful of others. These programs build the
shapes that stress fusion's bookkeeping instead: kernels that gather many producers (a sum over dozens of
branches, each read more than once), long chains of kernels, and random DAGs of pointwise, reduce and matmul
ops whose fusion is refused by cycles. Each program is exec'd with graph_lab (../shared/reference, read-only),
its last trace run through the default passes, and the reference's fuse(g) recorded: kind, label, nodes,
reads, writes, flops per kernel.

Usage (the system python, which has numpy): /usr/bin/python3 tests/ref/fuse_programs.py
  writes tests/golden/fuse/programs.json
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
sys.path.insert(0, HERE)
import graph_lab as gl  # noqa: E402
from programs import PASSES, run_program  # noqa: E402

HEAD = "from graph_lab import trace, F\n"


def wide(n, reads):
    """a sum over n branches; each branch read `reads` times by the sum"""
    body = f"    ys = [F.exp(x * {1}) * (i + 1) for i in range({n})]\n"
    body += "    s = ys[0]\n    for y in ys[1:]:\n" + "".join("        s = s + y\n" for _ in range(reads))
    return HEAD + "def f(x):\n" + body + "    return s\n" + 'trace(f, {"x": (4, 8)})\n'


def gather(n, accs):
    """accumulators begun before a loop, each adding every row-sum of a matmul: kernels created early that
    gather n producers, the same ones for each (the (4, 1) matmul kernels refuse the (4, 8) adds)"""
    init = ["F.exp(x)", "F.tanh(x)", "-x", "F.silu(x)"][:accs]
    body = "".join(f"    a{j} = {e}\n" for j, e in reversed(list(enumerate(init))))   # the last-fed kernel first
    body += f"    for i in range({n}):\n        y = x @ (w * (i + 1))\n"
    body += "".join(f"        a{j} = a{j} + y\n" for j in range(accs))
    ret = ", ".join(f"a{j}" for j in range(accs))   # separate outputs: no kernel joins the accumulators
    return HEAD + "def f(x, w):\n" + body + f"    return {ret}\n" + 'trace(f, {"x": (4, 8), "w": (8, 1)})\n'


def chain(n):
    return HEAD + "def f(x, w):\n    for i in range(%d):\n        x = F.exp(x @ w) + x\n    return x\n" % n \
        + 'trace(f, {"x": (4, 8), "w": (8, 8)})\n'


OPS1 = ["F.exp({a})", "F.silu({a})", "F.tanh({a})", "-{a}", "{a}.sum(axis=-1, keepdims=True) + {a}", "{a}.max(axis=-1, keepdims=True) * {a}", "{a} @ w",
        "F.softmax({a}, axis=-1)"]
OPS2 = ["{a} + {b}", "{a} * {b}", "{a} - {b}"]


def random_dag(rng, n):
    lines = ["    v0 = x"]
    for i in range(1, n):
        if rng.random() < 0.5:
            a, b = rng.randrange(i), rng.randrange(i)
            e = rng.choice(OPS2).format(a=f"v{a}", b=f"v{b}")
        else:
            e = rng.choice(OPS1).format(a=f"v{rng.randrange(i)}")
        lines.append(f"    v{i} = {e}")
    outs = sorted({n - 1, *(rng.randrange(n) for _ in range(rng.randrange(1, 4)))})
    ret = " + ".join(f"v{o}" for o in outs)
    return HEAD + "def f(x, w):\n" + "\n".join(lines) + f"\n    return {ret}\n" + 'trace(f, {"x": (4, 8), "w": (8, 8)})\n'


def kernels_of(src, name):
    g = run_program(src, name)
    for p in PASSES:
        r = getattr(gl, p)(g)
        g = r[0] if isinstance(r, tuple) else r
    return [{"kind": k.kind, "label": k.label, "nodes": list(k.nodes), "reads": k.reads, "writes": k.writes,
             "flops": k.flops} for k in gl.fuse(g)]


def main():
    rng = random.Random(7)
    progs = [("wide_12_1", wide(12, 1)), ("wide_12_2", wide(12, 2)), ("wide_40_3", wide(40, 3)),
             ("wide_200_2", wide(200, 2)), ("chain_60", chain(60)),
             ("gather_12_2", gather(12, 2)), ("gather_20_3", gather(20, 3)), ("gather_40_4", gather(40, 4))]
    progs += [(f"dag_{i:02d}", random_dag(rng, rng.randrange(20, 120))) for i in range(40)]
    out = [{"name": n, "program": s, "kernels": kernels_of(s, n)} for n, s in progs]
    path = os.path.join(ROOT, "tests", "golden", "fuse", "programs.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=0)
        f.write("\n")
    print(f"{len(out)} programs, {sum(len(p['kernels']) for p in out)} kernels -> {path}")


if __name__ == "__main__":
    main()
