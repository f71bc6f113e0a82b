"""The student corpus of the program differential suite (tests/student-programs.test.js).

Programs as students of the course write them against graph_lab: classes with __call__, dataclass configs,
helpers with *args / **kwargs, generators of layer names, try / except around a bad shape, sorted tables of
parameters, Chinese text in prints and names, big FLOP counts, `if __name__ == "__main__":`. Each template
below is one habit; random configs make 300+ programs of them. The reference runs each one (exec, with
../shared/reference/graph_lab.py importable as `graph_lab`, read-only) and records what `graphlab trace`
must reproduce: str() of the last trace's graph, the default pipeline's per-pass counts, and everything the
program printed; for a program that raises, the exception's class, message and line.

Usage (the system python, which has numpy; CPython 3.11):
  /usr/bin/python3 tests/ref/student_programs.py      # rewrites tests/golden/student/programs.json (not in golden/programs: programs.test.js reads every file there) (seed 29)
"""
import contextlib
import io
import json
import os
import random
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
# ../shared next to the checkout (or next to one of its ancestors: a worktree under /work/wt/…)
SHARED = next((os.path.join(a, "shared", "reference") for a in
               [os.path.dirname(ROOT), os.path.dirname(os.path.dirname(ROOT))]
               if os.path.isdir(os.path.join(a, "shared", "reference"))), None)
sys.path.insert(0, SHARED or os.path.join(ROOT, "..", "shared", "reference"))
import graph_lab as gl  # noqa: E402
from programs import pass_counts  # noqa: E402

OUT = os.path.join(ROOT, "tests", "golden", "student", "programs.json")


def run(src, name):
    """exec src as __main__ with trace(...) recorded: (last graph or None, printed text, error or None)."""
    graphs = []
    orig = gl.trace

    def recording(*a, **k):
        g = orig(*a, **k)
        graphs.append(g)
        return g

    gl.trace = recording
    buf = io.StringIO()
    err = None
    try:
        with contextlib.redirect_stdout(buf):
            exec(compile(src, name + ".py", "exec"), {"__name__": "__main__"})
    except Exception as e:  # noqa: BLE001 — an error program records its exception
        tb = [f for f in traceback.extract_tb(e.__traceback__) if f.filename == name + ".py"]
        err = {"type": type(e).__name__, "message": str(e), "line": tb[-1].lineno if tb else None}
    finally:
        gl.trace = orig
    return (graphs[-1] if graphs else None), buf.getvalue(), err


def record(name, src):
    g, out, err = run(src, name)
    rec = {"name": name, "program": src, "console": out}
    if err:
        rec["error"] = err
    elif g is None:
        raise RuntimeError(f"{name}: the program never traces")
    else:
        rec["text"] = str(g)
        rec["passes"] = pass_counts(g)
    return rec


# ---------------------------------------------------------------- templates (one student habit each)
def cfg_of(r):
    H = r.choice([2, 4, 8])
    G = r.choice([g for g in (1, 2, 4) if H % g == 0])
    return dict(d=r.choice([16, 32, 64]), H=H, G=G, dh=r.choice([4, 8]), f=r.choice([32, 48, 64]),
                T=r.choice([1, 3, 8]))


def t_class_mlp(r, c):
    act = r.choice(["F.silu(g)", "F.tanh(g)", "g * F.exp(-g)"])
    return f'''from graph_lab import F, trace

class MLP:
    """A SwiGLU block, the way the homework asks for it."""
    def __init__(self, d, f):
        self.d = d
        self.f = f

    def __call__(self, x, p):
        g = x @ p["w_gate"]
        u = x @ p["w_up"]
        return ({act} * u) @ p["w_down"]

    def __repr__(self):
        return f"MLP(d={{self.d}}, f={{self.f}})"

mlp = MLP({c["d"]}, {c["f"]})
print(mlp)
shapes = {{"w_gate": ({c["d"]}, {c["f"]}), "w_up": ({c["d"]}, {c["f"]}), "w_down": ({c["f"]}, {c["d"]})}}
g = trace(lambda x, p: mlp(x, p), {{"x": ({c["T"]}, {c["d"]})}}, shapes)
print(len(g.nodes), "nodes")
'''


def t_dataclass_cfg(r, c):
    return f'''from dataclasses import dataclass, field
from graph_lab import F, LayerCfg, prefill_layer, trace

@dataclass
class Experiment:
    name: str
    d: int = {c["d"]}
    H: int = {c["H"]}
    G: int = {c["G"]}
    dh: int = {c["dh"]}
    f: int = {c["f"]}
    tags: list = field(default_factory=list)

    def cfg(self):
        return LayerCfg(self.d, self.H, self.G, self.dh, self.f)

exp = Experiment("run-{r.randint(1, 99)}")
exp.tags.append("prefill")
print(exp)
cfg = exp.cfg()
shapes = {{"attn_norm": (cfg.d,), "wq": (cfg.d, cfg.H * cfg.dh), "wk": (cfg.d, cfg.G * cfg.dh),
          "wv": (cfg.d, cfg.G * cfg.dh), "wo": (cfg.H * cfg.dh, cfg.d), "mlp_norm": (cfg.d,),
          "w_gate": (cfg.d, cfg.f), "w_up": (cfg.d, cfg.f), "w_down": (cfg.f, cfg.d)}}
g = trace(prefill_layer(cfg, {c["T"]}), {{"x": ({c["T"]}, cfg.d)}}, shapes)
print(exp.name, cfg.R, g.count())
'''


def t_module_inherit(r, c):
    return f'''from graph_lab import F, trace

class Module:
    calls = 0

    def __call__(self, *args, **kwargs):
        Module.calls += 1
        return self.forward(*args, **kwargs)

class Norm(Module):
    def __init__(self, eps):
        self.eps = eps

    def forward(self, x, w):
        return F.rms_norm(x, w, self.eps)

class Residual(Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x, *rest):
        return x + self.inner(x, *rest)

block = Residual(Norm({r.choice(["1e-5", "1e-6", "0.001"])}))
g = trace(lambda x, p: block(block(x, p["w"]), p["w"]), {{"x": ({c["T"]}, {c["d"]})}}, {{"w": ({c["d"]},)}})
print("calls:", Module.calls, isinstance(block, Module), type(block).__name__)
'''


def t_star_args(r, c):
    n = r.randint(2, 4)
    fns = ", ".join(r.choice(["F.exp", "F.tanh", "F.silu", "neg", "double"]) for _ in range(n))
    return f'''from graph_lab import F, trace

def neg(t):
    return -t

def double(t):
    return t * 2.0

def chain(x, *fns, scale=None):
    for fn in fns:
        x = fn(x)
    if scale is not None:
        x = x * scale
    return x

def describe(*names, **dims):
    return ", ".join(f"{{k}}={{v}}" for k, v in sorted(dims.items())) + " | " + " ".join(names)

print(describe("a", "b", T={c["T"]}, d={c["d"]}))
g = trace(lambda x: chain(x, {fns}, scale={r.choice(["0.5", "None", "3"])}), {{"x": ({c["T"]}, {c["d"]})}})
'''


def t_kwargs_shapes(r, c):
    return f'''from graph_lab import F, trace

def shapes(**dims):
    out = {{}}
    for name, (i, o) in dims.items():
        out[name] = (i, o)
    return out

def proj(x, p, *names):
    return [x @ p[n] for n in names]

ps = shapes(wq=({c["d"]}, {c["H"] * c["dh"]}), wk=({c["d"]}, {c["G"] * c["dh"]}), wv=({c["d"]}, {c["G"] * c["dh"]}))
print(sorted(ps), len(ps))

def f(x, p):
    q, k, v = proj(x, p, *sorted(p))
    return q.sum(axis=-1), k.sum(axis=-1), v.max(axis=-1)

g = trace(f, {{"x": ({c["T"]}, {c["d"]})}}, ps)
print(g.outputs)
'''


def t_try_except(r, c):
    bad = c["d"] + r.choice([1, 2, 3])
    return f'''from graph_lab import F, trace

def layer(x, p):
    return F.silu(x @ p["w"])

def try_shape(d_in):
    try:
        g = trace(layer, {{"x": ({c["T"]}, d_in)}}, {{"w": ({c["d"]}, {c["f"]})}})
    except ValueError as e:
        print("does not fit:", d_in)
        return None
    else:
        print("fits:", d_in)
        return g
    finally:
        print("tried", d_in)

for d_in in ({bad}, {c["d"]}):
    g = try_shape(d_in)
    if g is not None:
        break
print(len(g.nodes))
'''


def t_generator_names(r, c):
    L = r.randint(2, 4)
    return f'''from graph_lab import F, trace

def layer_names(L):
    for i in range(L):
        yield f"{{i}}.w1"
        yield f"{{i}}.w2"

def blocks(x, p, L):
    for i in range(L):
        x = x + F.silu(x @ p[f"{{i}}.w1"]) @ p[f"{{i}}.w2"]
        yield x

names = list(layer_names({L}))
print(names[:3], len(names))
shapes = {{n: (({c["d"]}, {c["f"]}) if n.endswith("w1") else ({c["f"]}, {c["d"]})) for n in names}}

def f(x, p):
    outs = [y.sum(axis=-1) for y in blocks(x, p, {L})]
    return tuple(outs)

g = trace(f, {{"x": ({c["T"]}, {c["d"]})}}, shapes)
print(g.count(), g.outputs)
'''


def t_genexp_sum(r, c):
    k = r.randint(2, 4)
    return f'''from graph_lab import F, trace

def f(x, p):
    heads = (F.softmax(x @ p[f"w{{i}}"], axis=-1) for i in range({k}))
    total = sum(heads, x @ p["w0"])
    return total

ps = {{f"w{{i}}": ({c["d"]}, {c["d"]}) for i in range({k})}}
g = trace(f, {{"x": ({c["T"]}, {c["d"]})}}, ps)
print(any(n.op == "softmax" for n in g.nodes), all(n.shape for n in g.nodes))
print(sum(1 for n in g.nodes if n.op == "matmul"))
'''


def t_sorted_table(r, c):
    return f'''from graph_lab import LayerCfg, layer_params

cfg = LayerCfg({c["d"]}, {c["H"]}, {c["G"]}, {c["dh"]}, {c["f"]})
shapes = {{"attn_norm": (cfg.d,), "wq": (cfg.d, cfg.H * cfg.dh), "wk": (cfg.d, cfg.G * cfg.dh),
          "wv": (cfg.d, cfg.G * cfg.dh), "wo": (cfg.H * cfg.dh, cfg.d), "mlp_norm": (cfg.d,),
          "w_gate": (cfg.d, cfg.f), "w_up": (cfg.d, cfg.f), "w_down": (cfg.f, cfg.d)}}

def numel(shape):
    n = 1
    for s in shape:
        n *= s
    return n

rows = sorted(shapes.items(), key=lambda kv: (-numel(kv[1]), kv[0]))
print("%-10s %8s" % ("name", "params"))
for name, shape in rows:
    print("%-10s %8d" % (name, numel(shape)))
total = sum(numel(s) for s in shapes.values())
print(f"total {{total:,}} = {{total / 1e3:.1f}}K")
biggest = max(shapes, key=lambda k: numel(shapes[k]))
smallest = min(shapes, key=lambda k: (numel(shapes[k]), k))
print(biggest, smallest)

from graph_lab import F, trace
g = trace(lambda x, p: F.rms_norm(x, p["attn_norm"], cfg.eps) @ p["wq"], {{"x": ({c["T"]}, cfg.d)}}, shapes)
'''


def t_chinese(r, c):
    return f'''from graph_lab import F, trace

名字 = ["注意力", "前馈网络", "归一化"]
for i, 名 in enumerate(名字, start=1):
    print(f"第{{i}}层：{{名}}（{{len(名)}} 个字）")
print("形状"[::-1], "形状".find("状"), "、".join(名字))
说明 = "隐藏维度 d = {c["d"]}"
print(说明.split(" = ")[1], 说明[:4], repr(说明[-2:]))

def 前馈(x, p):
    return F.silu(x @ p["门"]) @ p["下"]

g = trace(前馈, {{"x": ({c["T"]}, {c["d"]})}}, {{"门": ({c["d"]}, {c["f"]}), "下": ({c["f"]}, {c["d"]})}})
print(g)
'''


def t_main_guard(r, c):
    return f'''from graph_lab import F, trace

def build(T, d):
    def f(x):
        y = F.exp(x - x.max(axis=-1, keepdims=True))
        return y / y.sum(axis=-1, keepdims=True)
    return trace(f, {{"x": (T, d)}})

def main():
    g = build({c["T"]}, {c["d"]})
    ops = [n.op for n in g.nodes]
    print(ops)
    return g

if __name__ == "__main__":
    g = main()
'''


def t_flops_bigint(r, c):
    L = r.choice([32, 80, 126])
    return f'''from graph_lab import LayerCfg, F, trace

cfg = LayerCfg(16384, 128, 8, 128, 53248)
T = {r.choice([2048, 8192, 131072])}
L = {L}
per_layer = 2 * T * cfg.d * (cfg.H * cfg.dh + 2 * cfg.G * cfg.dh) + 2 * T * cfg.H * cfg.dh * cfg.d
per_layer += 3 * 2 * T * cfg.d * cfg.f
total = per_layer * L
tokens = 15 * 10**12
train = 6 * tokens * (L * (cfg.d * cfg.f * 3 + cfg.d * cfg.d * 2))
print(total, train, train > 2**63, train.bit_length())
print(f"{{total:.3e}} FLOP per forward, {{train // 10**18}} EFLOP to train, {{train % 1000}}")
print(train ** 2, -train // 7, divmod(train, 10**20))
g = trace(lambda x: F.exp(x), {{"x": (2, 2)}})
'''


def t_format_table(r, c):
    return f'''from graph_lab import F, trace, LayerCfg

cfg = LayerCfg({c["d"]}, {c["H"]}, {c["G"]}, {c["dh"]}, {c["f"]})
bytes_per = {r.choice([2, 4])}
kv = 2 * cfg.G * cfg.dh * bytes_per
for T in (128, 4096, 131072):
    mb = kv * T / 2**20
    print(f"T={{T:>7}} | KV {{mb:10.3f}} MiB | {{mb / 1024:.2%}} of 1 GiB | {{T:#x}} {{T:b}}")
print("%5.1f%% %s %r %e" % (12.345, "ok", "x", 1234.5))
print("{{}} heads, {{:d}} groups, R={{r}}".format(cfg.H, cfg.G, r=cfg.R))
print(f"{{cfg.eps=}}", f"{{cfg.d!r:>6}}", format(3.14159, ".3g"), round(2.5), round(3.14159, 2))
g = trace(lambda x: F.tanh(x) * 0.5, {{"x": ({c["T"]}, cfg.d)}})
'''


def t_sets_dicts(r, c):
    return f'''from graph_lab import F, trace, prefill_layer, LayerCfg

cfg = LayerCfg({c["d"]}, {c["H"]}, {c["G"]}, {c["dh"]}, {c["f"]})
shapes = {{"attn_norm": (cfg.d,), "wq": (cfg.d, cfg.H * cfg.dh), "wk": (cfg.d, cfg.G * cfg.dh),
          "wv": (cfg.d, cfg.G * cfg.dh), "wo": (cfg.H * cfg.dh, cfg.d), "mlp_norm": (cfg.d,),
          "w_gate": (cfg.d, cfg.f), "w_up": (cfg.d, cfg.f), "w_down": (cfg.f, cfg.d)}}
g = trace(prefill_layer(cfg, {c["T"]}), {{"x": ({c["T"]}, cfg.d)}}, shapes)
ops = sorted({{n.op for n in g.nodes}})
print(ops)
by_op = {{}}
for n in g.nodes:
    by_op.setdefault(n.op, []).append(n.id)
print({{k: len(v) for k, v in sorted(by_op.items())}})
seen = set()
for n in g.nodes:
    seen.add(len(n.shape))
print(sorted(seen), {{1, 2}} <= seen, len(by_op.keys() - {{"param", "input"}}))
counts = dict.fromkeys(["matmul", "add"], 0)
for n in g.nodes:
    if n.op in counts:
        counts[n.op] += 1
print(counts, counts.get("softmax", -1), counts.pop("add"))
'''


def t_custom_exception(r, c):
    bad = r.choice([True, False])
    H = c["H"]
    G = c["G"] + (1 if bad and c["G"] < H else 0)
    return f'''from graph_lab import F, trace, LayerCfg

class ConfigError(ValueError):
    def __init__(self, field, value):
        super().__init__(f"{{field}} = {{value}} is not allowed")
        self.field = field

def check(H, G):
    if H % G != 0:
        raise ConfigError("G", G)
    return H // G

try:
    R = check({H}, {G})
except ConfigError as e:
    print("bad config:", e, "| field", e.field, "|", type(e).__name__, isinstance(e, ValueError))
    R = 1
print("R =", R)
g = trace(lambda x: F.softmax(x * (1.0 / R), axis=-1), {{"x": ({c["T"]}, {c["d"]})}})
'''


def t_closure_counter(r, c):
    return f'''from graph_lab import F, trace

def make_namer(prefix):
    count = 0
    def next_name():
        nonlocal count
        count += 1
        return f"{{prefix}}{{count}}"
    return next_name

LOG = []
def log(msg):
    global LOG
    LOG = LOG + [msg]

namer = make_namer("w")
names = [namer() for _ in range({r.randint(2, 4)})]
log(names[-1])
ps = {{n: ({c["d"]}, {c["d"]}) for n in names}}

def f(x, p):
    for n in names:
        x = F.tanh(x @ p[n])
    return x

g = trace(f, {{"x": ({c["T"]}, {c["d"]})}}, ps)
print(LOG, names)
'''


def t_decorator(r, c):
    return f'''import functools
from graph_lab import F, trace

CALLS = []

def logged(fn):
    def wrapper(*args, **kwargs):
        CALLS.append(fn.__name__)
        return fn(*args, **kwargs)
    return wrapper

def scaled(k):
    def deco(fn):
        def inner(x):
            return fn(x) * k
        return inner
    return deco

@logged
def act(x):
    return F.silu(x)

@scaled({r.choice(["0.5", "2.0", "3"])})
@logged
def head(x):
    return F.softmax(x, axis=-1)

g = trace(lambda x: head(act(x)), {{"x": ({c["T"]}, {c["d"]})}})
print(CALLS)
'''


def t_property(r, c):
    return f'''from graph_lab import F, trace

class Spec:
    def __init__(self, d, H, G):
        self.d, self.H, self.G = d, H, G

    @property
    def dh(self):
        return self.d // self.H

    @property
    def R(self):
        return self.H // self.G

    @staticmethod
    def default():
        return Spec({c["d"]}, {c["H"]}, {c["G"]})

    @classmethod
    def tiny(cls):
        return cls(8, 2, 1)

    def __eq__(self, other):
        return (self.d, self.H, self.G) == (other.d, other.H, other.G)

s = Spec.default()
t = Spec.tiny()
print(s.dh, s.R, t.dh, s == Spec({c["d"]}, {c["H"]}, {c["G"]}), s == t, type(t).__name__)
g = trace(lambda x, p: (x @ p["wq"]).reshape({c["T"]}, s.H, s.dh).transpose(1, 0, 2),
          {{"x": ({c["T"]}, s.d)}}, {{"wq": (s.d, s.d)}})
print(g.nodes[-1].shape, g.nodes[-1].op, g.nodes[-1].attrs)
'''


def t_loops_else(r, c):
    target = r.choice([3, 5, 7, 100])
    return f'''from graph_lab import F, trace

for H in range(1, 9):
    if {c["d"]} % H == 0 and H % {target} == 0:
        print("found H =", H)
        break
else:
    print("no H divisible by {target}")
    H = 1

n = 0
while n < 3:
    n += 1
else:
    print("loop ended at", n)

assert {c["d"]} % H == 0, "d must divide"
g = trace(lambda x: F.exp(x).sum(axis=-1, keepdims=True), {{"x": ({c["T"]}, {c["d"]})}})
del n
print("n" in dir() if False else H)
'''


def t_unpack(r, c):
    L = r.randint(3, 5)
    return f'''from graph_lab import F, trace

layers = [f"L{{i}}" for i in range({L})]
first, *middle, last = layers
print(first, middle, last)
a, (b, c) = 1, (2, 3)
print(a + b + c, [*layers[:2], *"xy"], {{**{{"a": 1}}, **{{"b": 2}}}})

def f(x, p):
    *hidden, out = [p[n] for n in layers]
    for w in hidden:
        x = F.silu(x @ w)
    return x @ out

g = trace(f, {{"x": ({c["T"]}, {c["d"]})}}, {{n: ({c["d"]}, {c["d"]}) for n in layers}})
'''


def t_map_filter(r, c):
    return f'''from graph_lab import F, trace

dims = [{c["d"]}, {c["f"]}, {c["dh"]}, {c["T"]}]
print(list(map(lambda v: v * 2, dims)), list(filter(lambda v: v % 8 == 0, dims)))
print(list(zip(dims, "abcd")), list(reversed(dims)), any(v > 60 for v in dims), all(dims))
print(sorted(dims, reverse=True), min(dims), max(dims, key=lambda v: -v), sum(dims, 100))
pairs = dict(zip("wxyz", dims))
print(pairs, list(enumerate(pairs)))

def f(x):
    parts = list(map(F.exp, [x, -x]))
    return parts[0] - parts[1]

g = trace(f, {{"x": ({c["T"]}, {c["d"]})}})
'''


def t_print_graph(r, c):
    return f'''from graph_lab import F, trace

def attention(q, k, v):
    s = (q @ k.transpose(1, 0)) * (1.0 / {c["dh"]} ** 0.5)
    return F.softmax(s, axis=-1) @ v

g = trace(attention, {{"q": ({c["T"]}, {c["dh"]}), "k": ({c["T"]}, {c["dh"]}), "v": ({c["T"]}, {c["dh"]})}})
print(g)
for n in g.nodes:
    if n.inputs:
        print(n.id, n.op, n.inputs, n.shape)
print(g.count(), g.count({{"matmul"}}), g.outputs)
'''


def t_decode(r, c):
    masked = r.choice([True, False])
    return f'''from graph_lab import LayerCfg, decode_layer, trace

cfg = LayerCfg({c["d"]}, {c["H"]}, {c["G"]}, {c["dh"]}, {c["f"]})

class Shapes(dict):
    pass

def layer_shapes(cfg):
    d, H, G, dh, f = cfg.d, cfg.H, cfg.G, cfg.dh, cfg.f
    return {{"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
            "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}}

inputs = {{"x": (1, cfg.d), "k_cache": (cfg.G, "S", cfg.dh), "v_cache": (cfg.G, "S", cfg.dh),
          "cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh)}}
if {masked}:
    inputs["kmask"] = (1, 1, "S")
g = trace(decode_layer(cfg, "P", masked={masked}), inputs, layer_shapes(cfg))
print(len(g.outputs), [g.nodes[i].shape for i in g.outputs])
'''


def t_error_program(r, c):
    kind = r.choice(["key", "index", "zero", "type", "name", "value", "attr"])
    body = {
        "key": 'p = {"wq": 1}\nprint(p["wk"])',
        "index": 'xs = [1, 2, 3]\nprint(xs[3])',
        "zero": 'n = 0\nprint(10 // n)',
        "type": 'print("d=" + 4)',
        "name": 'print(undefined_name)',
        "value": 'print(int("12a"))',
        "attr": 'class A:\n    pass\nprint(A().missing)',
    }[kind]
    return f'''from graph_lab import F, trace

g = trace(lambda x: F.exp(x), {{"x": ({c["T"]}, {c["d"]})}})
print("traced")
{body}
'''


TEMPLATES = [t_class_mlp, t_dataclass_cfg, t_module_inherit, t_star_args, t_kwargs_shapes, t_try_except,
             t_generator_names, t_genexp_sum, t_sorted_table, t_chinese, t_main_guard, t_flops_bigint,
             t_format_table, t_sets_dicts, t_custom_exception, t_closure_counter, t_decorator, t_property,
             t_loops_else, t_unpack, t_map_filter, t_print_graph, t_decode, t_error_program]


def main():
    rng = random.Random(29)
    cases = []
    for k in range(len(TEMPLATES) * 13):
        t = TEMPLATES[k % len(TEMPLATES)]
        name = f"student_{t.__name__[2:]}_{k // len(TEMPLATES)}"
        cases.append(record(name, t(rng, cfg_of(rng))))
    with open(OUT, "w", encoding="utf-8") as fh:
        json.dump(cases, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    print(f"{len(cases)} programs ({sum('error' in c for c in cases)} raise) -> {OUT}")


if __name__ == "__main__":
    main()
