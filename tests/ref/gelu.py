"""Golden data for `gelu`, the op added by following the README's "Adding an op" recipe: the reference
(../shared/reference/graph_lab.py, imported read-only, nothing of it copied here) is extended IN THIS PROCESS
ONLY with gelu as a composite, then the random-graph machinery of random_graphs.py writes cases in the request
form of `graphlab passes` (tests/golden/ops/gelu.json, read by tests/gelu.test.js).

gelu is the tanh form (Hendrycks & Gimpel; GPT-2's "gelu_new"), with its decomposition into primitives:
    gelu(x) = x * 0.5 * (1.0 + tanh((x + x*x*x * 0.044715) * 0.7978845608028654))      (sqrt(2/pi))
evaluated in exactly this order (the C evaluator and the C runtime follow it), and expanded by decompose as
    x2 = x * x ; x3 = x2 * x ; a = x3 * c(0.044715) ; b = x + a ; u = b * c(0.7978845608028654) ;
    t = tanh(u) ; s = c(1.0) + t ; h = x * c(0.5) ; h * s
(each scalar lifted where Python's operators lift it: `1.0 + t` after the tanh).

Usage (the system python, which has numpy):  /usr/bin/python3 tests/ref/gelu.py
"""
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import random_graphs as rg  # noqa: E402  (imports the reference as rg.gl)

gl = rg.gl
A = 0.044715
C = 0.7978845608028654


def gelu_np(x):
    x = np.asarray(x, dtype=np.float64)
    x3 = (x * x) * x
    return (x * 0.5) * (1.0 + np.tanh((x + x3 * A) * C))


def gelu_expand(x):
    """The decomposition, on the reference's Tensor (each operator records one node)."""
    x3 = x * x * x
    a = x3 * A
    b = x + a
    u = b * C
    t = gl.F.tanh(u)
    s = 1.0 + t
    h = x * 0.5
    return h * s


# ---------------------------------------------------------------- the extension (this process only)
gl.COMPOSITE.add("gelu")
gl.F.gelu = staticmethod(lambda x: gl.F._un("gelu", x))
_eval_node = gl.eval_node


def eval_node(n, args, bind=None):
    if n.op == "gelu":
        return gelu_np(args[0])
    return _eval_node(n, args, bind)


gl.eval_node = eval_node
_emit = gl.Tracer.emit
_decompose = gl.decompose
_expanding = [False]


def emit(self, op, ins, attrs, shape, name=""):
    # decompose re-emits every op it does not expand; gelu is expanded where it would be re-emitted
    if op == "gelu" and _expanding[0]:
        return gelu_expand(ins[0])
    return _emit(self, op, ins, attrs, shape, name)


def decompose(g):
    _expanding[0] = True
    try:
        return _decompose(g)
    finally:
        _expanding[0] = False


gl.Tracer.emit = emit
gl.decompose = decompose


# ---------------------------------------------------------------- cases
EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 3.0, -3.0, 10.0, -10.0, 1e-8, -1e-8, 30.0, -30.0, 1e103, -1e103,
         float("nan"), float("inf"), -float("inf"), 5e-324]


def hand_cases():
    cases = []
    # the numbers: constant_fold evaluates gelu at the edges (overflowing cubes, signed zeros, NaN, ±inf)
    b = rg.B()
    w = b.param("w", (4, 5), np.array(EDGES).reshape(4, 5))
    b.g.outputs = [b.op("gelu", [w])]
    cases.append(rg.case("gelu-fold-edges", b.g, passes=["constant_fold"]))
    # an MLP-like graph with a symbolic dim through every pass: gelu twice on the same value (cse merges),
    # a gelu of a const (constant_fold), decompose expands every gelu
    b = rg.B()
    x = b.input("x", ("S", 4))
    wu = b.param("w_up", (4, 6), np.round(np.random.default_rng(5).standard_normal((4, 6)), 3))
    h = b.op("matmul", [x, wu])
    g1 = b.op("gelu", [h], name="act")
    g2 = b.op("gelu", [h])
    k = b.const(np.linspace(-2.0, 2.0, 6))
    gk = b.op("gelu", [k])
    y = b.op("add", [b.op("mul", [g1, g2]), gk])
    b.g.outputs = [y]
    cases.append(rg.case("gelu-mlp", b.g, bind={"S": 3}))
    # gelu next to silu: two composites, each expanded into its own primitives
    b = rg.B()
    x = b.input("x", (2, 4))
    b.g.outputs = [b.op("mul", [b.op("gelu", [x]), b.op("silu", [x])])]
    cases.append(rg.case("gelu-and-silu", b.g))
    assert all(c is not None for c in cases), "a gelu graph the extended reference cannot take"
    return cases


def main():
    rg.UNARY.append("gelu")                         # random graphs over every op, gelu among the unary ones
    rand, _ = rg.random_cases(1616, 60)
    cases = hand_cases() + [c for c in rand if any(n[1] == "gelu" for n in c["graph"]["nodes"])]
    out = os.path.join(rg.ROOT, "tests", "golden", "ops")
    os.makedirs(out, exist_ok=True)
    rg.write_set(cases, os.path.join(out, "gelu.json"))
    print(f"gelu: {len(cases)} cases in {out}/gelu.json")


if __name__ == "__main__":
    main()
