"""The reference side of the random-graph differential suite (tests/random-graphs.test.js).

Builds small graphs directly with the reference's Graph API (../shared/reference/graph_lab.py, imported
read-only, nothing of it copied here) — random graphs over every op and attribute, not Llama-shaped, plus
hand-written CSE-key and dce graphs — applies each pass of the reference ALONE to each graph, and writes the
graph, the passes and what the reference returned (graph with values and guards, hits) as golden data in the
request form of `graphlab passes` (docs/CASES.md, "Passes on a graph").

Usage (the system python, which has numpy):
  /usr/bin/python3 tests/ref/random_graphs.py                      # tests/golden/random/*.json (seed 21)
  /usr/bin/python3 tests/ref/random_graphs.py --seed N --count K --out DIR [--no-hand]   # more (make fuzz)
"""
import argparse
import base64
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
import graph_lab as gl  # noqa: E402

PASSES = ["dce", "cse", "constant_fold", "simplify", "decompose", "fold_norm_weight", "match_attention"]
SCALARS = [0.0, -0.0, 1.0, 2.0, 0.5, -1.5, float("nan"), float("inf"), -float("inf")]
EPS = [1e-5, 0.0, -0.0, 1.0, 1e-6, float("nan")]
SCALES = [0.5, 0.25, -0.0, 0.0, float("nan"), 1.0]
PER_FILE = 40


# ---------------------------------------------------------------- JSON of a reference graph
def f64(arr):
    a = np.array(arr, dtype=np.float64, order="C")      # not ascontiguousarray: it makes 0-d arrays 1-d
    return {"shape": list(a.shape), "f64": base64.b64encode(a.astype("<f8").tobytes()).decode("ascii")}


def jsonable(v):
    if isinstance(v, dict):
        return {k: jsonable(x) for k, x in v.items()}
    if isinstance(v, (tuple, list)):
        return [jsonable(x) for x in v]
    if isinstance(v, np.generic):
        return v.item()
    return v


def graph_json(g):
    """The case result's graph form plus guards and values; a value held by an earlier node too is
    {"same": that node} (CSE merges array consts by identity)."""
    values, first = {}, {}
    for n in g.nodes:
        if n.id not in g.values:
            continue
        v = g.values[n.id]
        if id(v) in first:
            values[str(n.id)] = {"same": first[id(v)]}
        else:
            first[id(v)] = n.id
            values[str(n.id)] = f64(v)
    return {"nodes": [[n.id, n.op, list(n.inputs), jsonable(n.attrs), jsonable(n.shape), n.name] for n in g.nodes],
            "outputs": list(g.outputs), "input_names": dict(g.input_names),
            "guards": [[k, nid, bool(v)] for k, nid, v in g.guards], "values": values}


def run_passes(g, passes):
    """Each pass alone on g; None when the reference raises (such graphs are not kept)."""
    out = []
    for p in passes:
        try:
            with np.errstate(all="ignore"):
                r = getattr(gl, p)(g)
        except Exception:  # noqa: BLE001 - a graph the spec cannot take is simply not a test case
            return None
        g2, hits = r if isinstance(r, tuple) else (r, None)
        out.append({"pass": p, "hits": hits, "graph": graph_json(g2)})
    return out


def case(name, g, passes=PASSES, bind=None):
    exp = run_passes(g, passes)
    if exp is None:
        return None
    return {"name": name, "graph": graph_json(g), "passes": list(passes), "bind": bind or {}, "expected": exp}


# ---------------------------------------------------------------- a small builder over the Graph API
class B:
    def __init__(self):
        self.g = gl.Graph()

    def input(self, name, shape):
        nid = self.g.add("input", [], {}, shape, name)
        self.g.input_names[name] = nid
        return nid

    def param(self, name, shape, value=None):
        nid = self.g.add("param", [], {}, shape, name)
        if value is not None:
            self.g.values[nid] = np.asarray(value, dtype=np.float64)
        return nid

    def scalar(self, v, attr=True):
        # The key made as Tracer.lift makes it, float(0-d array): a new float object per const. (CSE compares
        # keys with ==, after an identity check: two consts holding the very same NaN object would merge.)
        arr = np.asarray(v, dtype=np.float64)
        nid = self.g.add("const", [], {"value": float(arr)} if attr else {}, ())
        self.g.values[nid] = arr
        return nid

    def const(self, arr):
        arr = np.asarray(arr, dtype=np.float64)
        nid = self.g.add("const", [], {}, arr.shape)
        self.g.values[nid] = arr
        return nid

    def shape(self, i):
        return self.g.nodes[i].shape

    def op(self, op, ins, attrs=None, name=""):
        attrs = attrs or {}
        s = [self.shape(i) for i in ins]
        if op in ("add", "sub", "mul", "div", "maximum", "gt", "lt"):
            shape = gl.broadcast(s[0], s[1])
        elif op in ("sum", "max"):
            shape = gl._reduced(s[0], attrs["axis"], attrs["keepdims"])
        elif op == "reshape":
            shape = tuple(attrs["shape"])
        elif op == "transpose":
            shape = tuple(s[0][p] for p in attrs["perm"])
        elif op == "matmul":
            shape = gl.matmul_shape(s[0], s[1])
        elif op == "causal_mask":
            shape = tuple(attrs.pop("_shape"))
        elif op == "flash_attn":
            k = s[1]
            sc = gl.matmul_shape(s[0], k[:-2] + (k[-1], k[-2]))
            if len(ins) > 3:
                sc = gl.broadcast(sc, s[3])
            shape = gl.matmul_shape(sc, s[2])
        else:                                   # pointwise unary, composites, kv_write: the first input's shape
            shape = s[0]
        return self.g.add(op, ins, attrs, shape, name)


def numel(shape):
    return int(np.prod([d for d in shape])) if shape else 1


# ---------------------------------------------------------------- random graphs
UNARY = ["neg", "exp", "log", "tanh", "sqrt", "rsqrt", "recip", "rot_pairs", "silu"]
BINARY = ["add", "sub", "mul", "div", "maximum", "gt", "lt"]


class RandomGraph:
    """One random graph: leaves, then a mix of random ops, pass-shaped patterns and near-duplicates."""

    def __init__(self, rng, idx):
        self.r = rng
        self.b = B()
        self.idx = idx
        self.sym = rng.random() < 0.3             # some graphs carry a symbolic dim S
        self.nparams = 0

    def pick(self, seq):
        return seq[int(self.r.integers(len(seq)))]

    def rand_shape(self, rank=None):
        rank = int(self.r.integers(1, 4)) if rank is None else rank
        return tuple(int(self.r.integers(1, 4)) * (2 if i == rank - 1 else 1) for i in range(rank))

    def arr(self, shape):
        a = self.r.standard_normal(shape)
        return np.round(a, 3) if self.r.random() < 0.5 else a

    def new_param(self, shape, value=None):
        self.nparams += 1
        if value is None and self.r.random() < 0.85:
            value = self.arr(shape)
        return self.b.param(f"w{self.nparams}", shape, value)

    def leaf_like(self, shape):
        """A leaf of this shape: a param (mostly with a value), a const array, or an existing node."""
        same = [n.id for n in self.b.g.nodes if n.shape == tuple(shape)]
        u = self.r.random()
        if same and u < 0.4:
            return self.pick(same)
        if u < 0.75 or any(isinstance(d, str) for d in shape):
            if any(isinstance(d, str) for d in shape):
                return self.b.input(f"in{len(self.b.g.input_names)}", shape)
            return self.new_param(tuple(shape))
        return self.b.const(self.arr(tuple(shape)))

    def nodes(self):
        return [n for n in self.b.g.nodes]

    def non_scalar(self):
        return [n.id for n in self.b.g.nodes if len(n.shape) >= 1]

    def setup(self):
        b = self.b
        shp = self.rand_shape()
        if self.sym:
            shp = ("S",) + shp[1:] if len(shp) > 1 else ("S", 2)
        b.input("x", shp)
        for _ in range(int(self.r.integers(1, 4))):
            self.new_param(self.rand_shape())
        for _ in range(int(self.r.integers(1, 4))):
            v = self.pick(SCALARS)
            b.scalar(v, attr=self.r.random() < 0.85)
        if self.r.random() < 0.5:
            c = b.const(self.arr(self.rand_shape()))
            if self.r.random() < 0.5:               # a second const holding the very same array
                nid = b.g.add("const", [], {}, b.shape(c))
                b.g.values[nid] = b.g.values[c]

    # -- moves
    def m_unary(self):
        a = self.pick(self.non_scalar() or [0])
        op = self.pick(UNARY)
        if op == "rot_pairs" and (not self.b.shape(a) or self.b.shape(a)[-1] % 2):
            op = "tanh"
        return self.b.op(op, [a])

    def m_binary(self):
        a = self.pick([n.id for n in self.b.g.nodes])
        sa = self.b.shape(a)
        cands = []
        for n in self.b.g.nodes:
            try:
                gl.broadcast(sa, n.shape)
                cands.append(n.id)
            except (ValueError, TypeError):
                pass
        bb = self.pick(cands)
        if self.r.random() < 0.5:
            a, bb = bb, a
        return self.b.op(self.pick(BINARY), [a, bb])

    def m_reduce(self):
        a = self.pick(self.non_scalar() or [0])
        rank = len(self.b.shape(a))
        axis = int(self.r.integers(-rank, rank))
        return self.b.op(self.pick(["sum", "max"]), [a], {"axis": axis, "keepdims": bool(self.r.random() < 0.5)})

    def m_softmax(self):
        a = self.pick(self.non_scalar() or [0])
        rank = len(self.b.shape(a))
        return self.b.op("softmax", [a], {"axis": int(self.r.integers(-rank, rank))})

    def m_reshape(self):
        a = self.pick(self.non_scalar() or [0])
        s = self.b.shape(a)
        syms = [d for d in s if isinstance(d, str)]
        n = numel([d for d in s if not isinstance(d, str)])
        dims = []
        for f in (2, 3):
            while n % f == 0 and self.r.random() < 0.7:
                dims.append(f)
                n //= f
        if n > 1:
            dims.append(n)
        self.r.shuffle(dims)
        dims = list(syms) + dims if self.r.random() < 0.5 else dims + list(syms)
        if not dims or self.r.random() < 0.2:
            dims = dims + [1]
        return self.b.op("reshape", [a], {"shape": tuple(dims)})

    def m_transpose(self):
        a = self.pick(self.non_scalar() or [0])
        rank = len(self.b.shape(a))
        perm = tuple(int(p) for p in self.r.permutation(rank))
        return self.b.op("transpose", [a], {"perm": perm})

    def m_matmul(self):
        cands = [n.id for n in self.b.g.nodes if len(n.shape) >= 2]
        if not cands:
            a = self.new_param(self.rand_shape(2))
        else:
            a = self.pick(cands)
        s = self.b.shape(a)
        k = s[-1]
        bshape = (k, int(self.r.integers(1, 4)) * 2)
        if len(s) == 3 and self.r.random() < 0.4:
            bshape = (s[0],) + bshape
        w = self.leaf_like(bshape) if not isinstance(k, str) else self.b.input(f"in{len(self.b.g.input_names)}", bshape)
        return self.b.op("matmul", [a, w])

    def m_rms_norm(self):
        cands = [n.id for n in self.b.g.nodes if len(n.shape) >= 1 and not isinstance(n.shape[-1], str)]
        if not cands:
            return self.m_unary()
        x = self.pick(cands)
        d = self.b.shape(x)[-1]
        w = self.new_param((d,)) if self.r.random() < 0.7 else self.b.const(self.arr((d,)))
        return self.b.op("rms_norm", [x, w], {"eps": self.pick(EPS)})

    def m_causal_mask(self):
        cands = [n.id for n in self.b.g.nodes if len(n.shape) >= 2]
        if not cands:
            return self.m_unary()
        like = self.pick(cands)
        m = self.b.op("causal_mask", [], {"_shape": self.b.shape(like), "T": int(self.r.integers(1, 4)),
                                          "pos0": int(self.r.integers(0, 3))})
        return self.b.op("add", [like, m])

    def m_kv_write(self):
        shp = (int(self.r.integers(1, 3)), "S" if self.sym else int(self.r.integers(3, 6)), 2)
        if self.sym or self.r.random() < 0.5:
            cache = self.b.input(f"cache{len(self.b.g.input_names)}", shp)
        else:                                       # a cache with a value: constant_fold computes the write
            cache = self.new_param(shp, self.arr(shp))
        new = self.leaf_like((shp[0], 1, 2))
        pos = "P" if self.sym and self.r.random() < 0.7 else int(self.r.integers(0, 3))
        return self.b.op("kv_write", [cache, new], {"pos": pos})

    def m_attention(self):
        """The match_attention pattern, sometimes broken in one place."""
        b = self.b
        G, T, dh = int(self.r.integers(1, 3)), int(self.r.integers(1, 4)), 2
        q = self.leaf_like((G, T, dh))
        k = self.leaf_like((G, T, dh))
        v = self.leaf_like((G, T, dh))
        kt = b.op("transpose", [k], {"perm": (0, 2, 1)})
        broken = self.pick(["none", "none", "none", "scale_input", "two_users", "no_transpose", "mul_order",
                            "add_not_mask"])
        s = b.op("matmul", [q, kt if broken != "no_transpose" else v])
        sc = b.scalar(self.pick(SCALES)) if broken != "scale_input" else self.leaf_like(b.shape(s))
        s = b.op("mul", [s, sc] if broken != "mul_order" else [sc, s])
        if broken == "add_not_mask":                # an add of something else is no mask: no match
            s = b.op("add", [s, self.leaf_like(b.shape(s))])
        elif self.r.random() < 0.5:
            m = b.op("causal_mask", [], {"_shape": b.shape(s), "T": T, "pos0": int(self.r.integers(0, 2))})
            s = b.op("add", [s, m])
        p = b.op("softmax", [s], {"axis": -1})
        out = b.op("matmul", [p, v])
        if broken == "two_users":
            b.op("exp", [p])
        return out

    def m_norm_fold(self):
        """mul(x̂, w) feeding matmuls with param weights: fold_norm_weight's pattern (sometimes not quite)."""
        b = self.b
        d = int(self.r.integers(1, 4)) * 2
        x = self.leaf_like((int(self.r.integers(1, 4)), d))
        w = self.new_param((d,))
        h = b.op("mul", [x, w])
        outs = []
        for _ in range(int(self.r.integers(1, 3))):
            W = self.new_param((d, int(self.r.integers(1, 3)) * 2))
            outs.append(b.op("matmul", [h, W]))
        if self.r.random() < 0.25:
            outs.append(b.op("tanh", [h]))          # a user that is not a matmul: no fold
        return outs[0]

    def m_simplify(self):
        b = self.b
        a = self.pick(self.non_scalar() or [0])
        kind = self.pick(["mul1", "mul1l", "add0", "sub0", "div1", "negneg", "tt", "rr", "mulbcast"])
        v = self.pick([0.0, -0.0, 1.0, 1.0, float("nan"), 2.0])
        if kind in ("mul1", "mulbcast"):
            sym = any(isinstance(d, str) for d in b.shape(a))
            c = b.scalar(1.0 if v != 2.0 else v) if kind == "mul1" or sym else b.const(np.ones((2,) + b.shape(a)))
            return b.op("mul", [a, c])
        if kind == "mul1l":
            return b.op("mul", [b.scalar(1.0), a])
        if kind in ("add0", "sub0"):
            return b.op(kind[:3], [a, b.scalar(self.pick([0.0, -0.0, 1.0]))])
        if kind == "div1":
            return b.op("div", [a, b.scalar(self.pick([1.0, 1.0, -1.0]))])
        if kind == "negneg":
            return b.op("neg", [b.op("neg", [a])])
        if kind == "tt":
            rank = len(b.shape(a))
            p1 = tuple(int(p) for p in self.r.permutation(rank))
            inv = tuple(int(i) for i in np.argsort(p1))
            p2 = inv if self.r.random() < 0.7 else tuple(int(p) for p in self.r.permutation(rank))
            return b.op("transpose", [b.op("transpose", [a], {"perm": p1})], {"perm": p2})
        r1 = self.m_reshape()
        self_a = r1
        s = b.shape(self_a)
        return b.op("reshape", [self_a], {"shape": tuple(reversed(s))})

    def m_flash(self):
        b = self.b
        G, T, dh = int(self.r.integers(1, 3)), int(self.r.integers(1, 4)), 2
        q, k, v = (self.leaf_like((G, T, dh)) for _ in range(3))
        ins = [q, k, v]
        if self.r.random() < 0.5:
            ins.append(b.op("causal_mask", [], {"_shape": (G, T, T), "T": T, "pos0": 0}))
        return b.op("flash_attn", ins, {"scale": self.pick(SCALES)})

    def m_dup(self):
        """A copy of an existing non-leaf node, identical or differing in one attr (CSE should / should not
        merge)."""
        cands = [n for n in self.b.g.nodes if n.op not in gl.LEAF]
        if not cands:
            return self.m_unary()
        n = self.pick(cands)
        at = dict(n.attrs)
        shape = n.shape
        if at and self.r.random() < 0.6:
            k = self.pick(sorted(at))
            v = at[k]
            if k == "axis":
                rank = len(self.b.shape(n.inputs[0]))
                at[k] = v - rank if v >= 0 else v + rank        # the same axis, spelled differently
            elif k == "keepdims":
                at[k] = not v
                shape = gl._reduced(self.b.shape(n.inputs[0]), at["axis"], at[k])
            elif k == "perm" and len(v) > 1:
                p = list(v)
                p[0], p[1] = p[1], p[0]
                at[k] = tuple(p)
                shape = tuple(self.b.shape(n.inputs[0])[i] for i in p)
            elif k == "shape":
                at[k] = tuple(reversed(v))
                shape = at[k]
            elif k in ("eps", "scale"):
                at[k] = {0.0: -0.0}.get(v, 0.0) if math.copysign(1, v) > 0 and v == 0 else self.pick(EPS)
            elif k in ("T", "pos0"):
                at[k] = v + 1
            elif k == "pos":
                at[k] = 1 if isinstance(v, str) else ("P" if self.sym else v + 1)
        return self.b.g.add(n.op, n.inputs, at, shape, n.name)

    def build(self):
        self.setup()
        moves = [(self.m_unary, 3), (self.m_binary, 4), (self.m_reduce, 2), (self.m_softmax, 1),
                 (self.m_reshape, 2), (self.m_transpose, 2), (self.m_matmul, 2), (self.m_rms_norm, 1),
                 (self.m_causal_mask, 1), (self.m_kv_write, 1), (self.m_attention, 2), (self.m_norm_fold, 1),
                 (self.m_simplify, 3), (self.m_flash, 1), (self.m_dup, 4)]
        fns = [m for m, w in moves for _ in range(w)]
        steps = int(self.r.integers(3, 11)) if self.r.random() < 0.8 else int(self.r.integers(11, 25))
        for _ in range(steps):
            self.pick(fns)()
        g = self.b.g
        nonleaf = [n.id for n in g.nodes if n.op not in gl.LEAF]
        k = min(len(nonleaf), int(self.r.integers(1, 4)))
        outs = sorted(int(o) for o in self.r.choice(nonleaf, size=k, replace=False)) if nonleaf else [0]
        if self.r.random() < 0.2 and len(outs) > 0:
            outs.append(outs[0])                       # an output listed twice
        g.outputs = outs
        if self.r.random() < 0.3:
            for _ in range(int(self.r.integers(1, 3))):
                g.guards.append(("value", int(self.pick(nonleaf or [0])), bool(self.r.random() < 0.5)))
        bind = {"S": int(self.r.integers(2, 6))}
        bind["P"] = bind["S"] - 1
        return g, bind if self.sym else {}


def random_cases(seed, count):
    rng = np.random.default_rng(seed)
    out, rejected = [], 0
    while len(out) < count:
        try:
            g, bind = RandomGraph(rng, len(out)).build()
        except (ValueError, TypeError):        # a move that did not fit this graph's shapes: draw again
            continue
        c = case(f"random-{seed}-{len(out)}", g, bind=bind)
        if c is None:
            rejected += 1
        else:
            out.append(c)
    return out, rejected


# ---------------------------------------------------------------- hand-written graphs
def cse_key_cases():
    """Pairs of nodes that differ in exactly one attr (CSE must not merge) and identical pairs (it must), for
    every attr kind, and the float edge cases of scalar consts and float attrs."""
    cases = []

    def pair(name, make):
        b = B()
        x = b.input("x", (2, 3, 4))
        outs = make(b, x)
        b.g.outputs = list(outs)
        cases.append(case(f"cse-{name}", b.g, passes=["cse"]))

    def two(op, a1, a2, shape_of=None):
        def make(b, x):
            return [b.op(op, [x], dict(a1)), b.op(op, [x], dict(a2))]
        return make

    pair("perm-differs", two("transpose", {"perm": (1, 0, 2)}, {"perm": (0, 2, 1)}))
    pair("perm-same", two("transpose", {"perm": (1, 0, 2)}, {"perm": (1, 0, 2)}))
    pair("axis-differs", two("sum", {"axis": 0, "keepdims": False}, {"axis": 1, "keepdims": False}))
    pair("axis-spelled-differently", two("sum", {"axis": -1, "keepdims": True}, {"axis": 2, "keepdims": True}))
    pair("axis-same", two("max", {"axis": -1, "keepdims": True}, {"axis": -1, "keepdims": True}))
    pair("keepdims-differs", two("sum", {"axis": 1, "keepdims": True}, {"axis": 1, "keepdims": False}))
    pair("softmax-axis-differs", two("softmax", {"axis": -1}, {"axis": 1}))
    pair("shape-differs", two("reshape", {"shape": (6, 4)}, {"shape": (4, 6)}))
    pair("shape-same", two("reshape", {"shape": (6, 4)}, {"shape": (6, 4)}))
    pair("shape-sym-differs", lambda b, x: [
        b.op("reshape", [b.input("s", ("S", 4))], {"shape": ("S", 2, 2)}),
        b.op("reshape", [1], {"shape": (2, "S", 2)})])

    def norm(e1, e2):
        def make(b, x):
            w = b.param("w", (4,), np.arange(4.0))
            return [b.op("rms_norm", [x, w], {"eps": e1}), b.op("rms_norm", [x, w], {"eps": e2})]
        return make
    for nm, e1, e2 in [("eps-differs", 1e-5, 1e-6), ("eps-same", 1e-5, 1e-5), ("eps-zero-negzero", 0.0, -0.0),
                       ("eps-nan-nan", float("nan"), float("nan")), ("eps-inf-inf", float("inf"), float("inf"))]:
        pair(nm, norm(e1, e2))

    def mask(a1, a2):
        def make(b, x):
            m1 = b.op("causal_mask", [], dict(a1, _shape=(2, 3, 4)))
            m2 = b.op("causal_mask", [], dict(a2, _shape=(2, 3, 4)))
            return [b.op("add", [x, m1]), b.op("add", [x, m2])]
        return make
    pair("T-differs", mask({"T": 3, "pos0": 0}, {"T": 2, "pos0": 0}))
    pair("pos0-differs", mask({"T": 3, "pos0": 0}, {"T": 3, "pos0": 1}))
    pair("mask-same", mask({"T": 3, "pos0": 1}, {"T": 3, "pos0": 1}))
    pair("mask-shape-differs-attrs-same", lambda b, x: [
        b.op("causal_mask", [], {"_shape": (2, 3, 4), "T": 3, "pos0": 0}),
        b.op("causal_mask", [], {"_shape": (1, 3, 4), "T": 3, "pos0": 0})])

    def kv(p1, p2):
        def make(b, x):
            c = b.input("cache", (2, "S", 4))
            n = b.param("new", (2, 1, 4), np.ones((2, 1, 4)))
            return [b.op("kv_write", [c, n], {"pos": p1}), b.op("kv_write", [c, n], {"pos": p2})]
        return make
    pair("pos-differs", kv(1, 2))
    pair("pos-int-vs-symbol", kv(1, "P"))
    pair("pos-symbols-differ", kv("P", "Q"))
    pair("pos-same-symbol", kv("P", "P"))

    def flash(s1, s2):
        def make(b, x):
            q = b.input("q", (2, 3, 4))
            return [b.op("flash_attn", [q, q, q], {"scale": s1}), b.op("flash_attn", [q, q, q], {"scale": s2})]
        return make
    for nm, s1, s2 in [("scale-differs", 0.5, 0.25), ("scale-same", 0.5, 0.5), ("scale-zero-negzero", 0.0, -0.0),
                       ("scale-nan-nan", float("nan"), float("nan"))]:
        pair(nm, flash(s1, s2))

    def scalars(v1, v2, attr1=True, attr2=True):
        def make(b, x):
            c1, c2 = b.scalar(v1, attr1), b.scalar(v2, attr2)
            return [b.op("mul", [x, c1]), b.op("mul", [x, c2])]
        return make
    for nm, v1, v2 in [("const-zero-negzero", 0.0, -0.0), ("const-nan-nan", float("nan"), float("nan")),
                       ("const-one-one", 1.0, 1.0), ("const-inf-inf", float("inf"), float("inf")),
                       ("const-inf-neginf", float("inf"), -float("inf")), ("const-one-two", 1.0, 2.0)]:
        pair(nm, scalars(v1, v2))
    for pad in (3, 9, 17, 33, 70):
        # other consts first, so 0.0 and -0.0 land far apart in a hash table of any size: they must still merge
        def padded(b, x, pad=pad):
            for i in range(pad):
                b.scalar(10.0 + i)
            return scalars(0.0, -0.0)(b, x)
        pair(f"const-zero-negzero-after-{pad}", padded)
    pair("const-no-value-attr", scalars(1.0, 2.0, False, False))      # folded scalars: keyed by None
    pair("const-attr-vs-no-attr", scalars(1.0, 1.0, True, False))

    def arrays(shared):
        def make(b, x):
            c1 = b.const(np.arange(4.0))
            c2 = b.g.add("const", [], {}, (4,))
            b.g.values[c2] = b.g.values[c1] if shared else np.arange(4.0)
            return [b.op("add", [x, c1]), b.op("add", [x, c2])]
        return make
    pair("array-const-shared", arrays(True))
    pair("array-const-equal-copies", arrays(False))
    pair("params-never-merge", lambda b, x: [b.op("add", [x, b.param("p", (4,))]), b.op("add", [x, b.param("p", (4,))])])
    pair("inputs-never-merge", lambda b, x: [b.op("add", [x, b.input("y", (4,))]), b.op("add", [x, b.input("z", (4,))])])
    pair("chain-merges-transitively", lambda b, x: [
        b.op("exp", [b.op("transpose", [x], {"perm": (2, 1, 0)})]),
        b.op("exp", [b.op("transpose", [x], {"perm": (2, 1, 0)})])])
    pair("inputs-order-matters", lambda b, x: [
        b.op("sub", [x, b.op("exp", [x])]), b.op("sub", [b.op("exp", [x]), x])])
    return cases


def dce_cases():
    """Graphs with dead branches and guards (a guard keeps its node and everything it reads alive)."""
    cases = []

    def add(name, build):
        b = B()
        x = b.input("x", (3, 4))
        b.input("unused", (2,))
        build(b, x)
        cases.append(case(f"dce-{name}", b.g, passes=["dce", "cse", "simplify", "constant_fold"]))

    def dead_branch(b, x):
        w = b.param("w", (4, 2), np.arange(8.0).reshape(4, 2))
        y = b.op("matmul", [x, w])
        d1 = b.op("exp", [x])
        b.op("sum", [d1], {"axis": -1, "keepdims": False})         # dead: reads a dead node
        b.g.outputs = [y]
    add("dead-branch", dead_branch)

    def guard_keeps(b, x):
        s = b.op("sum", [x], {"axis": -1, "keepdims": False})
        g0 = b.op("gt", [b.op("sum", [s], {"axis": 0, "keepdims": False}), b.scalar(0.0)])
        b.g.guards.append(("value", g0, True))
        b.op("tanh", [x])                                            # dead
        b.g.outputs = [b.op("neg", [x])]
    add("guard-keeps-its-inputs", guard_keeps)

    def guard_on_output(b, x):
        y = b.op("exp", [x])
        b.g.guards.append(("value", y, False))
        b.g.guards.append(("value", y, True))
        b.op("log", [y])
        b.g.outputs = [y, y]
    add("guard-on-output-twice", guard_on_output)

    def all_dead(b, x):
        b.op("exp", [x])
        b.scalar(2.0)
        b.param("p", (3,), np.ones(3))
        b.g.outputs = [x]
    add("only-inputs-live", all_dead)

    def dead_consts(b, x):
        c = b.scalar(1.0)
        z = b.scalar(-0.0)
        y = b.op("mul", [x, c])
        b.op("add", [x, z])
        b.g.guards.append(("value", b.op("lt", [y, z]), False))
        b.g.outputs = [y]
    add("dead-const-and-guarded-compare", dead_consts)

    def guard_on_leaf(b, x):
        p = b.param("p", (1,), np.array([3.0]))
        b.g.guards.append(("value", p, True))
        b.op("exp", [p])
        b.g.outputs = [b.op("add", [x, b.scalar(0.0)])]
    add("guard-on-param", guard_on_leaf)
    return cases


def fold_cases():
    """constant_fold's numbers at the edges of numpy's semantics."""
    cases = []
    for pos in (2, 3, 5):
        # a write at or past the cache's end: numpy clips the slice, one new row broadcasts into no rows
        b = B()
        cache = b.param("cache", (2, 3, 2), np.arange(12.0).reshape(2, 3, 2))
        new = b.param("new", (2, 1, 2), -np.ones((2, 1, 2)))
        b.g.outputs = [b.op("kv_write", [cache, new], {"pos": pos})]
        cases.append(case(f"fold-kv_write-pos{pos}-of-3-rows", b.g, passes=["constant_fold"]))
    # logits near ±1000: exp overflows unless softmax subtracts the row max first, as numpy code does
    b = B()
    s = b.param("logits", (2, 3), np.array([[1000.0, 1001.0, 999.0], [-1000.0, -1002.0, -999.5]]))
    b.g.outputs = [b.op("softmax", [s], {"axis": -1}), b.op("softmax", [s], {"axis": 0})]
    cases.append(case("fold-softmax-large-logits", b.g, passes=["constant_fold"]))
    b = B()
    q = b.param("q", (1, 2, 2), np.array([[[30.0, -30.0], [25.0, 31.0]]]))
    k = b.param("k", (1, 3, 2), np.array([[[40.0, -40.0], [-35.0, 38.0], [20.0, 21.0]]]))
    v = b.param("v", (1, 3, 2), np.arange(6.0).reshape(1, 3, 2))
    b.g.outputs = [b.op("flash_attn", [q, k, v], {"scale": 1.0})]
    cases.append(case("fold-flash_attn-large-logits", b.g, passes=["constant_fold"]))
    return cases


def write_set(cases, path):
    with open(path, "w") as f:
        json.dump(cases, f, separators=(",", ":"))
        f.write("\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--count", type=int, default=320)
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "golden", "random"))
    ap.add_argument("--no-hand", action="store_true", help="only random graphs")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    cases, rejected = random_cases(a.seed, a.count)
    for i in range(0, len(cases), PER_FILE):
        write_set(cases[i:i + PER_FILE], os.path.join(a.out, f"random_{a.seed}_{i // PER_FILE:02d}.json"))
    n = len(cases)
    if not a.no_hand:
        cse, dce, fold = cse_key_cases(), dce_cases(), fold_cases()
        assert all(c is not None for c in cse + dce + fold), "a hand-written graph the reference cannot take"
        write_set(cse, os.path.join(a.out, "cse_keys.json"))
        write_set(dce, os.path.join(a.out, "dce.json"))
        write_set(fold, os.path.join(a.out, "fold_edges.json"))
        n += len(cse) + len(dce) + len(fold)
    print(f"random_graphs: {len(cases)} random graphs (seed {a.seed}; {rejected} more the reference raised on, "
          f"not kept), {n} cases in {a.out}")


if __name__ == "__main__":
    main()
