"""The reference side of the program differential suite (tests/programs.test.js).

Every program here is Python source written against the graph_lab API. The reference runs it (exec, with the
reference module ../shared/reference/graph_lab.py importable as `graph_lab`, read-only, nothing of it copied
here) and records, for the graph of its LAST trace(...) call: str(graph) — the text `graphlab trace` must
print — and the default pipeline's per-pass node / op counts and hits (what a case with "program" reports).

The bodies of programs:
  lecture  the lecture's prefill_layer / decode_layer source, extracted at generation time with
           inspect.getsource (a program written against the API, stored as program text), over many configs
  stacks   layer stacks written with loops and f-strings (params "{i}.name"), prefill and decode
  random   generated programs in the subset: helpers with defaults and keyword args, closures, lambdas,
           loops, comprehensions, tuple returns, f-string names, int arithmetic with // % ** on negatives,
           and tensor ops of every kind the front end traces (shapes tracked so every program traces)

Usage (the system python, which has numpy):
  /usr/bin/python3 tests/ref/programs.py            # rewrites tests/golden/programs/*.json (seed 13)
"""
import inspect
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
import graph_lab as gl  # noqa: E402

OUT = os.path.join(ROOT, "tests", "golden", "programs")
# The default pipeline, in the fixtures' order (tests/fixtures/*.json "passes").
PASSES = ["match_attention", "decompose", "cse", "constant_fold", "simplify", "fold_norm_weight"]
HEADER = "import math\nfrom graph_lab import F, LayerCfg, rope_tables, trace\n\n"
LAYER_SOURCE = inspect.getsource(gl.prefill_layer) + "\n\n" + inspect.getsource(gl.decode_layer)
PARAMS_FN = '''
def layer_shapes(cfg):
    d, H, G, dh, f = cfg.d, cfg.H, cfg.G, cfg.dh, cfg.f
    return {"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
            "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}
'''


def run_program(src, name):
    """exec the program with graph_lab's trace recorded; the last graph, or an exception."""
    graphs = []
    orig = gl.trace

    def recording(*a, **k):
        g = orig(*a, **k)
        graphs.append(g)
        return g

    gl.trace = recording
    try:
        exec(compile(src, name + ".py", "exec"), {"__name__": "__program__"})
    finally:
        gl.trace = orig
    if not graphs:
        raise RuntimeError(f"{name}: the program never traces")
    return graphs[-1]


def pass_counts(g0):
    out = [{"name": "trace", "nodes": len(g0.nodes), "ops": g0.count(), "hits": None}]
    g = g0
    for p in PASSES:
        r = getattr(gl, p)(g)
        g, hits = r if isinstance(r, tuple) else (r, None)
        out.append({"name": p, "nodes": len(g.nodes), "ops": g.count(), "hits": hits})
    return out


def record(name, src):
    g = run_program(src, name)
    return {"name": name, "program": src, "text": str(g), "passes": pass_counts(g)}


# ---------------------------------------------------------------- lecture layers
def cfg_line(c):
    return f"cfg = LayerCfg({c[0]}, {c[1]}, {c[2]}, {c[3]}, {c[4]}" + (f", eps={c[5]!r}" if len(c) > 5 else "") + \
        (f", theta={c[6]!r}" if len(c) > 6 else "") + ")\n"


def lecture_prefill(c, T, pos0):
    return HEADER + LAYER_SOURCE + PARAMS_FN + "\n" + cfg_line(c) + f"T = {T}\n" + \
        f"g = trace(prefill_layer(cfg, T, {pos0}), {{\"x\": (T, cfg.d)}}, layer_shapes(cfg))\n"


def lecture_decode(c, pos, masked):
    ins = '{"x": (1, cfg.d), "k_cache": (cfg.G, "S", cfg.dh), "v_cache": (cfg.G, "S", cfg.dh), ' \
          '"cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh)}'
    src = HEADER + LAYER_SOURCE + PARAMS_FN + "\n" + cfg_line(c) + f"inputs = {ins}\n"
    if masked:
        src += 'inputs["kmask"] = (1, 1, "S")\n'
    return src + f"g = trace(decode_layer(cfg, {pos!r}, masked={masked}), inputs, layer_shapes(cfg))\n"


def lecture_cases(rng):
    cases = []
    cfgs = [(64, 8, 2, 8, 128), (40, 4, 2, 10, 24, 1e-4), (32, 4, 4, 8, 64), (24, 8, 1, 4, 48, 1e-6, 500000.0),
            (4096, 32, 8, 128, 14336, 1e-5, 500000.0), (48, 6, 3, 8, 96), (16, 2, 1, 8, 32, 0.001, 1000.0)]
    for i in range(24):
        H = rng.choice([2, 4, 6, 8])
        G = rng.choice([g for g in (1, 2, 3, 4, 8) if H % g == 0 and g <= H])
        dh = rng.choice([2, 4, 8, 12, 16])
        cfgs.append((rng.choice([8, 16, 24, 32, 48]), H, G, dh, rng.choice([8, 16, 40, 64]),
                     rng.choice([1e-5, 1e-6, 0.01]), rng.choice([10000.0, 500000.0, 100.0])))
    for k, c in enumerate(cfgs):
        T = rng.choice([1, 2, 5, 12, 16]) if c[0] < 4096 else 2048
        pos0 = rng.choice([0, 0, 3, 32])
        cases.append(record(f"lecture_prefill_{k}", lecture_prefill(c, T, pos0)))
        cases.append(record(f"lecture_decode_{k}", lecture_decode(c, rng.choice(["P", "P", 7]), rng.random() < 0.5)))
    return cases


# ---------------------------------------------------------------- stacks with loops and f-strings
STACK = '''
NAMES = ["attn_norm", "wq", "wk", "wv", "wo", "mlp_norm", "w_gate", "w_up", "w_down"]

def stack(layer, layers):
    def f(x, p):
        for i in range(layers):
            x = layer(x, {k: p[f"{i}.{k}"] for k in NAMES})
        return x
    return f

shapes = layer_shapes(cfg)
params = {}
for i in range(L):
    for name, shape in shapes.items():
        params[f"{i}.{name}"] = shape
'''

DECODE_STACK = '''
def decode_stack(cfg, layers, masked):
    def f(x, k_cache, v_cache, cos, sin, p, kmask=None):
        outs = []
        for i in range(layers):
            layer = decode_layer(cfg, "P", masked)
            w = {k: p[f"{i}.{k}"] for k in NAMES}
            if masked:
                x, K, V = layer(x, k_cache, v_cache, cos, sin, w, kmask)
            else:
                x, K, V = layer(x, k_cache, v_cache, cos, sin, p=w)
            outs += [K, V]
        return (x,) + tuple(outs)
    return f
'''


def stack_cases(rng):
    cases = []
    for k in range(14):
        c = (rng.choice([16, 32, 64]), 4, rng.choice([1, 2, 4]), rng.choice([4, 8]), rng.choice([16, 32, 64]))
        L = rng.choice([2, 3, 4, 6])
        src = HEADER + LAYER_SOURCE + PARAMS_FN + "\n" + cfg_line(c) + f"L = {L}\nT = {rng.choice([1, 3, 8])}\n" + STACK
        if k % 2 == 0:
            src += 'g = trace(stack(prefill_layer(cfg, T), L), {"x": (T, cfg.d)}, params)\n'
        else:
            masked = k % 4 == 1
            src += DECODE_STACK + 'ins = {"x": (1, cfg.d), "k_cache": (cfg.G, "S", cfg.dh), ' \
                '"v_cache": (cfg.G, "S", cfg.dh), "cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh)}\n'
            if masked:
                src += 'ins.update({"kmask": (1, 1, "S")})\n'
            src += f"g = trace(decode_stack(cfg, L, {masked}), ins, params)\n"
        cases.append(record(f"stack_{k}", src))
    return cases


# ---------------------------------------------------------------- random programs
class Gen:
    """A random program: statements over tensor variables whose shapes the generator tracks."""

    def __init__(self, rng, k):
        self.rng, self.k = rng, k
        self.lines = []
        self.vars = []                  # (name, shape)
        self.params = {}                # name -> shape
        self.n = 0
        self.helpers = []

    def fresh(self):
        self.n += 1
        return f"t{self.n}"

    def scalar(self):
        r = self.rng
        return r.choice(["2.0", "0.5", "1.0", "3", "-1.5", "(7 // 2)", "(-7 // 2)", "(-7 % 3)", "(2 ** 3)",
                         "(2 ** -1)", "(7.5 // 2)", "(-7.5 % 2)", "math.sqrt(2.0)", "(1.0 / math.sqrt(D))",
                         "abs(-3)", "min(2, 5)", "max(0.25, 0.125)", "len(NAMES)", "(D // H)", "math.pi"])

    def pick(self, pred=lambda s: True):
        c = [v for v in self.vars if pred(v[1])]
        return self.rng.choice(c) if c else None

    def param(self, shape):
        name = f"w{len(self.params)}" if self.rng.random() < 0.7 else f"{self.rng.choice(['gate', 'up', 'proj'])}_{len(self.params)}"
        self.params[name] = shape
        return name

    def emit(self, expr, shape):
        v = self.fresh()
        self.lines.append(f"    {v} = {expr}")
        self.vars.append((v, shape))
        return v

    def step(self):
        r = self.rng
        a, sa = self.pick()
        kind = r.randrange(22)
        rank = len(sa)
        if kind == 0:
            b = self.pick(lambda s: s == sa)
            return self.emit(f"{a} {r.choice(['+', '-', '*'])} {b[0]}", sa)
        if kind == 1:
            return self.emit(f"{a} {r.choice(['+', '-', '*', '/'])} {self.scalar()}", sa)
        if kind == 2:
            return self.emit(f"{self.scalar()} {r.choice(['+', '-', '*'])} {a}", sa)
        if kind == 3:
            return self.emit(f"F.{r.choice(['exp', 'tanh', 'silu', 'rsqrt'])}({a})", sa)
        if kind == 4:
            return self.emit(f"-{a}", sa)
        if kind == 5 and rank == 2:
            n = r.choice([4, 6, 8])
            w = self.param((sa[1], n))
            return self.emit(f"{a} @ p[\"{w}\"]", (sa[0], n))
        if kind == 6:
            ax = r.choice([-1, 0, rank - 1])
            kd = r.random() < 0.6
            shp = tuple(1 if i == ax % rank else d for i, d in enumerate(sa)) if kd else \
                tuple(d for i, d in enumerate(sa) if i != ax % rank)
            if not shp:
                kd, shp = True, tuple(1 if i == ax % rank else d for i, d in enumerate(sa))
            op = r.choice(["sum", "max"])
            kw = f"axis={ax}, keepdims={kd}" if r.random() < 0.7 else f"{ax}, {kd}"
            return self.emit(f"{a}.{op}({kw})", shp)
        if kind == 7:
            return self.emit(f"F.softmax({a}, axis={r.choice([-1, 0])})", sa)
        if kind == 8:
            w = self.param((sa[-1],))
            return self.emit(f"F.rms_norm({a}, p[\"{w}\"], {r.choice(['1e-5', 'EPS', '0.001'])})", sa)
        if kind == 9 and rank == 2:
            return self.emit(f"{a}.transpose(1, 0)", (sa[1], sa[0]))
        if kind == 10 and rank == 2 and sa[1] % 2 == 0:
            h = sa[1] // 2
            t = self.emit(f"{a}.reshape({sa[0]}, 2, {h}).transpose(1, 0, 2)", (2, sa[0], h))
            return self.emit(f"{t}.reshape(2 * {sa[0]}, {h})", (2 * sa[0], h))
        if kind == 11 and sa[-1] % 2 == 0:
            return self.emit(f"F.rot_pairs({a})", sa)
        if kind == 12 and rank >= 2:
            return self.emit(f"{a} + F.causal_mask({a}, {r.choice([1, sa[-2]])}, {r.choice([0, 2])})", sa)
        if kind == 13:
            return self.emit(f"{a} {r.choice(['>', '<'])} {r.choice(['0.0', '1', 'ZERO'])}", sa)
        if kind == 14:
            return self.emit(f"{r.choice(['0.5', '2'])} {r.choice(['>', '<'])} {a}", sa)
        if kind == 15:
            return self.emit(f"scale({a})" if r.random() < 0.5 else f"scale({a}, by={self.scalar()})", sa)
        if kind == 16 and rank == 2:
            n = r.choice([4, 8])
            w1, w2 = self.param((sa[1], n)), self.param((n, sa[1]))
            act = r.choice(["F.silu", "F.tanh", "lambda h: h * F.exp(-h)", "None"])
            return self.emit(f"mlp({a}, p[\"{w1}\"], p[\"{w2}\"], act={act})", sa)
        if kind == 17:
            n = r.randrange(1, 4)
            v = self.fresh()
            self.lines += [f"    {v} = {a}", f"    for i in range({n}):",
                           f"        {v} = {v} {r.choice(['+', '*'])} F.tanh({v}) * (i + 1)"]
            self.vars.append((v, sa))
            return v
        if kind == 18:
            v1, v2 = self.fresh(), self.fresh()
            self.lines.append(f"    {v1}, {v2} = pair({a})")
            self.vars += [(v1, sa), (v2, sa)]
            return v2
        if kind == 19:
            v = self.fresh()
            self.lines += [f"    {v} = {a}", f"    if {v}.shape[-1] % 2 == 0 and len({v}.shape) {r.choice(['>', '<', '=='])} 2:",
                           f"        {v} = {v} * 2.0", "    elif not FLAG:", f"        {v} = {v} - 1.0",
                           "    else:", f"        {v} = -{v}"]
            self.vars.append((v, sa))
            return v
        if kind == 20 and rank == 2:
            n = r.choice([4, 8])
            names = [self.param((sa[1], n)) for _ in range(2)]
            v = self.fresh()
            self.lines += [f"    {v} = " + " + ".join(f"{a} @ p[\"{w}\"]" for w in names)]
            self.vars.append((v, (sa[0], n)))
            return v
        if kind == 21:
            v = self.fresh()
            self.lines.append(f"    {v} = sum([{a} * c for c in COEFS[:{r.randrange(1, 4)}]])")
            self.vars.append((v, sa))
            return v
        return self.emit(f"{a} * 1.0", sa)

    def program(self):
        r = self.rng
        N, D, H = r.choice([2, 3, 4, 6]), r.choice([4, 6, 8]), r.choice([1, 2])
        two = r.random() < 0.3
        self.vars.append(("x", (N, D)))
        if two:
            self.vars.append(("y", (N, D)))
        for _ in range(r.randrange(2, 12)):
            self.step()
        outs = [self.vars[-1][0]]
        if r.random() < 0.3 and len(self.vars) > 2:
            outs.append(self.rng.choice(self.vars[:-1])[0])
        ret = ", ".join(outs) if len(outs) > 1 else outs[0]
        args = "x, y, p" if two else "x, p"
        body = "\n".join(self.lines)
        pr = ", ".join(f"{k!r}: {v!r}" for k, v in self.params.items())
        inputs = f'{{"x": (N, D), "y": (N, D)}}' if two else f'{{"x": ({N}, D)}}'
        eps = r.choice(["1e-5", "0.01"])
        src = f'''import math
from graph_lab import F, trace
import graph_lab as gl

N, D, H = {N}, {D}, {H}
EPS = {eps}
ZERO = 0
FLAG = {r.choice(["True", "False"])}
NAMES = ("a", "b", "c")
COEFS = [1.0, 0.5, 2 ** -2]

def scale(t, by=0.5):
    return t * by

def pair(t):
    return t + 1.0, t * t

def mlp(h, w1, w2, act=None):
    z = h @ w1
    if act is not None:
        z = act(z)
    return z @ w2

def f({args}):
{body}
    return {ret}

params = {{{pr}}}
g = trace(f, {inputs}, params=params)
'''
        if r.random() < 0.15:        # an earlier trace that is not the one compiled
            src += 'g0 = gl.trace(lambda x: F.exp(x), {"x": (2, 2)})\n'
            src = src.replace("g = trace(f", "g_first = gl.trace(lambda x: -x, {'x': (N,)})\ng = trace(f")
        return src


def random_cases(rng, count):
    cases = []
    k = 0
    while len(cases) < count:
        src = Gen(rng, k).program()
        name = f"random_{len(cases)}"
        try:
            cases.append(record(name, src))
        except Exception as ex:     # the generator tracks shapes; a rare clash is skipped, not recorded
            print(f"skipped a generated program ({type(ex).__name__}: {ex})", file=sys.stderr)
        k += 1
    return cases


# ---------------------------------------------------------------- data-dependent branches
BRANCH = '''from graph_lab import F, trace

def f(x):
    h = x * 2.0
    if h.sum() > 0:
        return h + 1.0
    return h - 1.0

g = trace(f, {"x": (3,)}, mode=MODE, example={"x": EX})
'''


def branch_cases():
    out = []
    for mode in ("specialize", "guard"):
        for ex in ([1.0, 2.0, 3.0], [-1.0, -2.0, -3.0]):
            src = BRANCH.replace("MODE", repr(mode)).replace("EX", repr(ex))
            out.append(record(f"branch_{mode}_{'pos' if ex[0] > 0 else 'neg'}", src))
    return out


def main():
    rng = random.Random(13)
    os.makedirs(OUT, exist_ok=True)
    groups = {"lecture": lecture_cases(rng), "stacks": stack_cases(rng), "random": random_cases(rng, 220),
              "branch": branch_cases()}
    for name, cases in groups.items():
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            json.dump(cases, f, indent=0, ensure_ascii=False)
            f.write("\n")
        print(f"{name}: {len(cases)} programs")
    with open(os.path.join(OUT, "lecture_layers.py"), "w") as f:
        f.write(LAYER_SOURCE)


if __name__ == "__main__":
    main()
