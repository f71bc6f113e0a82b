"""Makes golden case files with the reference module (the spec, ../shared/reference/graph_lab.py, imported
read-only — nothing of it is copied here), in exactly the format of the shared fixtures
(../shared/fixtures/*.json, described in ../shared/fixtures/README.md).

How a case is made (the fixtures' README, "How they were made"):
  params   layer_params(cfg, 0) (layer i of a stack: layer_params(cfg, i), named "{i}.attn_norm", ...);
           shape-only cases pass the parameter shapes instead of arrays
  inputs   default_rng(seed + 1) (seed 0): prefill x (T, d); decode x (1, d), then k_cache, v_cache (G, S, dh),
           cos/sin = rope_tables(1, dh, S - 1, theta), and when masked kmask (1, 1, S) with the last 3 slots -inf
  trace    prefill: prefill_layer(cfg, T, pos0) on x: (T, d) (L layers applied in sequence);
           decode: decode_layer(cfg, "P", masked) on x, k_cache/v_cache (G, "S", dh), cos/sin, [kmask]
  passes   match_attention, decompose, cse, constant_fold, simplify, fold_norm_weight
  eager    fuse(decompose(trace), enable=False); fused = fuse(final); memory = lifetimes / plan_memory /
           lower_bound of the final graph and the fused kernels
  outputs  run(stage graph, inputs, bind) for every stage (concrete cases)

Usage (the system python, which has numpy):
  /usr/bin/python3 tools/make-golden.py                  # every case of CASES into tests/golden/
  /usr/bin/python3 tools/make-golden.py --out DIR        # somewhere else
  /usr/bin/python3 tools/make-golden.py --fixtures DIR   # the 7 shared fixtures again (the fidelity check:
                                                         # compare DIR with ../shared/fixtures)
  /usr/bin/python3 tools/make-golden.py --only NAME ...  # just these cases (of the chosen set)
  /usr/bin/python3 tools/make-golden.py --codegen [FILE] # codegen(g)[0] of every stage of the fixtures and our
                                                         # cases (default tests/golden/codegen/codegen.json)
  /usr/bin/python3 tools/make-golden.py --print [FILE]   # str(Graph) of every stage of the fixtures and our cases
                                                         # (default tests/golden/print/print.json)
  /usr/bin/python3 tools/make-golden.py --demos [FILE]   # the branch demo's program under the reference's trace
                                                         # modes, check_guards and LazyRunner; the dynamic demo's
                                                         # cache over its traces (tests/golden/demos/demos.json)
"""
import base64
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
import graph_lab as gl  # noqa: E402

H100 = {"name": "H100", "mm_flops": 989e12, "vec_flops": 67e12, "bw": 3.35e12, "launch": 4e-6}
# Other device numbers, for variety only: roughly datasheet-like peaks and bandwidths, made-up launch overheads
# (the spec only computes with them; they need not describe real hardware).
A100 = {"name": "A100", "mm_flops": 312e12, "vec_flops": 19.5e12, "bw": 2.039e12, "launch": 5e-6}
MI300X = {"name": "MI300X", "mm_flops": 1307e12, "vec_flops": 163.4e12, "bw": 5.3e12, "launch": 6e-6}
RTX4090 = {"name": "RTX4090", "mm_flops": 165.2e12, "vec_flops": 82.6e12, "bw": 1.008e12, "launch": 3e-6}
TOY = {"name": "toy", "mm_flops": 1e12, "vec_flops": 2.5e11, "bw": 1e11, "launch": 1e-5}

PASSES = ["match_attention", "decompose", "cse", "constant_fold", "simplify", "fold_norm_weight"]
PARAM_NAMES = ["attn_norm", "wq", "wk", "wv", "wo", "mlp_norm", "w_gate", "w_up", "w_down"]
SEED = 0


def f64(arr):
    a = np.ascontiguousarray(np.asarray(arr, dtype=np.float64))
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
    return {"nodes": [[n.id, n.op, list(n.inputs), jsonable(n.attrs), jsonable(n.shape), n.name] for n in g.nodes],
            "outputs": list(g.outputs), "input_names": dict(g.input_names)}


def kernel_json(k, dev):
    return {"kind": k.kind, "label": k.label, "nodes": list(k.nodes), "reads": k.reads, "writes": k.writes,
            "flops": k.flops, "time_s": gl.kernel_time(k, dev)}


def param_shapes(cfg):
    d, H, G, dh, f = cfg.d, cfg.H, cfg.G, cfg.dh, cfg.f
    return {"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
            "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}


def stack(layer_fn, layers):
    """L layers applied in sequence; layer i reads the params "{i}.name". One layer function serves every
    layer (as in the fixtures: the layers share its RoPE tables, so CSE merges their cos/sin constants)."""
    def f(x, p):
        for i in range(layers):
            x = layer_fn(x, {k: p[f"{i}.{k}"] for k in PARAM_NAMES})
        return x
    return f


def make_case(name, cfg, mode, T=None, pos0=0, S=None, masked=False, layers=1, elem_bytes=2, device=H100,
              concrete=True, graphs=True, eager_kernels=True, stages_out=None, scale=None):
    if mode == "decode" and layers != 1:
        raise ValueError("the reference describes stacks of layers for prefill only")
    # ---- params
    if concrete:
        if layers == 1:
            params = gl.layer_params(cfg, SEED)
        else:
            params = {}
            for i in range(layers):
                for k, v in gl.layer_params(cfg, SEED + i).items():
                    params[f"{i}.{k}"] = v
    else:
        shapes = param_shapes(cfg)
        params = dict(shapes) if layers == 1 else {f"{i}.{k}": shapes[k] for i in range(layers) for k in PARAM_NAMES}
    # scale: {param or input name: factor}, applied after the draws (every other number stays as drawn)
    for k, factor in (scale or {}).items():
        if k in params:
            params[k] = params[k] * factor
    # ---- trace
    if mode == "prefill":
        shapes_in = {"x": (T, cfg.d)}
        fn = gl.prefill_layer(cfg, T, pos0)
        if layers > 1:
            fn = stack(fn, layers)
        bind = {}
    else:
        shapes_in = {"x": (1, cfg.d), "k_cache": (cfg.G, "S", cfg.dh), "v_cache": (cfg.G, "S", cfg.dh),
                     "cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh)}
        if masked:
            shapes_in["kmask"] = (1, 1, "S")
        fn = gl.decode_layer(cfg, "P", masked)
        bind = {"S": S, "P": S - 1}
    g0 = gl.trace(fn, shapes_in, params)
    # ---- inputs
    inputs = None
    if concrete:
        rng = np.random.default_rng(SEED + 1)
        if mode == "prefill":
            inputs = {"x": rng.standard_normal((T, cfg.d))}
        else:
            inputs = {"x": rng.standard_normal((1, cfg.d)),
                      "k_cache": rng.standard_normal((cfg.G, S, cfg.dh)),
                      "v_cache": rng.standard_normal((cfg.G, S, cfg.dh))}
            inputs["cos"], inputs["sin"] = gl.rope_tables(1, cfg.dh, S - 1, cfg.theta)
            if masked:
                km = np.zeros((1, 1, S))
                km[..., -3:] = -np.inf
                inputs["kmask"] = km
        for k, factor in (scale or {}).items():
            if k in inputs:
                inputs[k] = inputs[k] * factor
    unknown = set(scale or {}) - set(params) - set(inputs or {})
    if unknown:
        raise ValueError(f"{name}: scale names no param or input: {sorted(unknown)}")
    # ---- passes
    stages = [("trace", g0, None)]
    g = g0
    for p in PASSES:
        r = getattr(gl, p)(g)
        g, hits = r if isinstance(r, tuple) else (r, None)
        stages.append((p, g, hits))
    final = g
    if stages_out is not None:
        stages_out.extend((n, gg) for n, gg, _ in stages)
    dev = gl.Device(device["name"], device["mm_flops"], device["vec_flops"], device["bw"], device["launch"])
    eager = gl.fuse(gl.decompose(g0), enable=False, elem_bytes=elem_bytes, bind=bind)
    fused = gl.fuse(final, elem_bytes=elem_bytes, bind=bind)
    lts = gl.lifetimes(final, fused, bind=bind, elem_bytes=elem_bytes)
    naive, _ = gl.plan_memory(lts, "naive")
    greedy, offsets = gl.plan_memory(lts)
    # ---- the case
    case = {
        "case": name,
        "config": {"d": cfg.d, "H": cfg.H, "G": cfg.G, "dh": cfg.dh, "f": cfg.f, "eps": cfg.eps, "theta": cfg.theta,
                   "mode": mode, "T": T if mode == "prefill" else None, "pos0": pos0,
                   "S": S if mode == "decode" else None, "masked": masked, "layers": layers},
        "elem_bytes": elem_bytes,
        "device": dict(device),
        "bind": dict(bind),
        "passes": [{"name": n, "nodes": len(gg.nodes), "ops": gg.count(), "hits": h} for n, gg, h in stages],
    }
    if graphs:
        case["graphs"] = {n: graph_json(gg) for n, gg, _ in stages}
    case["eager"] = {"cost": gl.graph_cost(eager, dev),
                     "kernels": [kernel_json(k, dev) for k in eager] if eager_kernels else None}
    case["fused"] = {"cost": gl.graph_cost(fused, dev), "kernels": [kernel_json(k, dev) for k in fused]}
    case["memory"] = {"lifetimes": [[float(size), float(s), float(e), nid] for nid, size, s, e in lts],
                      "naive": naive, "greedy": greedy, "lower_bound": gl.lower_bound(lts),
                      "greedy_offsets": {str(k): v for k, v in offsets.items()}}
    if concrete:
        case["params"] = {k: f64(v) for k, v in params.items()}
        case["inputs"] = {k: f64(v) for k, v in inputs.items()}
        case["outputs"] = {n: [f64(o) for o in gl.run(gg, inputs, bind=bind)] for n, gg, _ in stages}
    return jsonable(case)


SMALL = gl.LayerCfg(64, 8, 2, 8, 128)

# The shared fixtures, as the README describes them (the fidelity check regenerates these).
FIXTURES = {
    "small_prefill": dict(cfg=SMALL, mode="prefill", T=12),
    "small_decode": dict(cfg=SMALL, mode="decode", S=9),
    "small_decode_masked": dict(cfg=SMALL, mode="decode", S=16, masked=True),
    "llama8b_prefill_2048": dict(cfg=gl.LLAMA8B, mode="prefill", T=2048, concrete=False),
    "llama8b_prefill_512_fp32": dict(cfg=gl.LLAMA8B, mode="prefill", T=512, elem_bytes=4, concrete=False,
                                     graphs=False, eager_kernels=False),
    "llama8b_prefill_128_x4": dict(cfg=gl.LLAMA8B, mode="prefill", T=128, layers=4, concrete=False),
    "llama8b_decode_4096": dict(cfg=gl.LLAMA8B, mode="decode", S=4096, concrete=False),
}

C = gl.LayerCfg
CASES = {
    # ---- concrete prefill (small dims keep the files small: params and per-stage outputs are stored in full)
    "golden_prefill_d48_h6_g3_dh8_T7_pos5": dict(cfg=C(48, 6, 3, 8, 64), mode="prefill", T=7, pos0=5),
    "golden_prefill_d32_h4_g4_dh12_T5_mha": dict(cfg=C(32, 4, 4, 12, 48, 1e-6, 500000.0), mode="prefill", T=5,
                                                 device=A100),
    "golden_prefill_d24_h8_g1_dh4_T9_mqa_fp32": dict(cfg=C(24, 8, 1, 4, 40, 1e-3), mode="prefill", T=9,
                                                     elem_bytes=4, device=TOY),
    "golden_prefill_d32_h2_g1_dh16_T1_pos3": dict(cfg=C(32, 2, 1, 16, 64), mode="prefill", T=1, pos0=3),
    "golden_prefill_d128_h8_g2_dh4_T16_pos9": dict(cfg=C(128, 8, 2, 4, 24, 1e-5, 1000.0), mode="prefill", T=16,
                                                   pos0=9, device=MI300X, eager_kernels=False),
    "golden_prefill_d40_h4_g2_dh10_T6_x2": dict(cfg=C(40, 4, 2, 10, 24, 1e-4), mode="prefill", T=6, layers=2),
    "golden_prefill_d24_h4_g2_dh6_T4_pos2_x3_fp32": dict(cfg=C(24, 4, 2, 6, 32), mode="prefill", T=4, pos0=2,
                                                         layers=3, elem_bytes=4, device=RTX4090),
    # ---- concrete decode
    "golden_decode_d48_h6_g3_dh8_S1": dict(cfg=C(48, 6, 3, 8, 64), mode="decode", S=1),
    "golden_decode_d32_h4_g4_dh12_S5_mha_fp32": dict(cfg=C(32, 4, 4, 12, 48, 1e-6, 500000.0), mode="decode", S=5,
                                                     elem_bytes=4, device=A100),
    "golden_decode_d24_h8_g1_dh4_S13_mqa": dict(cfg=C(24, 8, 1, 4, 40, 1e-3), mode="decode", S=13, device=TOY),
    "golden_decode_masked_d40_h10_g5_dh4_S4": dict(cfg=C(40, 10, 5, 4, 48), mode="decode", S=4, masked=True,
                                                   graphs=False),
    "golden_decode_masked_d64_h8_g2_dh10_S16_fp32": dict(cfg=C(64, 8, 2, 10, 16, 1e-6, 1000000.0), mode="decode",
                                                         S=16, masked=True, elem_bytes=4, device=MI300X),
    # ---- shape-only, model scale
    "golden_shape_prefill_d2048_h16_g4_dh64_T96_pos32_x3": dict(cfg=C(2048, 16, 4, 64, 5632, 1e-6, 500000.0),
                                                                mode="prefill", T=96, pos0=32, layers=3,
                                                                concrete=False, device=A100, graphs=False),
    "golden_shape_prefill_d5120_h40_g8_T300_x2_fp32": dict(cfg=C(5120, 40, 8, 128, 13824), mode="prefill", T=300,
                                                           layers=2, elem_bytes=4, concrete=False, device=MI300X),
    "golden_shape_decode_masked_d8192_h64_g8_S8192": dict(cfg=C(8192, 64, 8, 128, 28672, 1e-5, 500000.0),
                                                          mode="decode", S=8192, masked=True, concrete=False),
    # an odd dh traces in decode (cos/sin are inputs there; prefill's RoPE tables need an even dh)
    "golden_shape_decode_masked_d40_h4_g2_dh5_S33_odd": dict(cfg=C(40, 4, 2, 5, 56), mode="decode", S=33,
                                                             masked=True, concrete=False),
    "golden_shape_decode_d3072_h24_g24_dh96_S777_mha_fp32": dict(cfg=C(3072, 24, 24, 96, 8192), mode="decode",
                                                                 S=777, elem_bytes=4, concrete=False,
                                                                 device=RTX4090, eager_kernels=False),
    # ---- large attention logits: wq, wk (and decode's k_cache) scaled by 30, so q·k/sqrt(dh) reaches about
    # ±2000 (exp overflows past 709): a softmax without the max subtraction gives inf/inf = NaN
    "golden_prefill_large_logits_d32_h4_g2_dh8_T6": dict(cfg=C(32, 4, 2, 8, 48), mode="prefill", T=6,
                                                         scale={"wq": 30.0, "wk": 30.0}),
    "golden_decode_large_logits_d32_h4_g2_dh8_S7": dict(cfg=C(32, 4, 2, 8, 48), mode="decode", S=7,
                                                        scale={"wq": 30.0, "wk": 30.0, "k_cache": 30.0}),
    "golden_decode_masked_large_logits_d32_h4_g2_dh8_S9": dict(cfg=C(32, 4, 2, 8, 48), mode="decode", S=9,
                                                               masked=True,
                                                               scale={"wq": 30.0, "wk": 30.0, "k_cache": 30.0}),
}


def write(name, spec, out):
    text = json.dumps(make_case(name, **spec), separators=(",", ":"))
    path = os.path.join(out, name + ".json")
    with open(path, "w", encoding="ascii") as fh:
        fh.write(text)
    return path, len(text)


CODEGEN_MAX_NODES = 400      # codegen.json keeps the text of graphs up to this size (one line per node)


def case_stages():
    """(case name, [(stage, graph)]) for every case, the fixtures first, then ours."""
    for name, spec in {**FIXTURES, **CASES}.items():
        stages = []
        make_case(name, **spec, stages_out=stages)
        yield name, stages


def write_texts(path, text_of, max_nodes=None):
    """{case: {stage: text_of(graph)}} for every stage of every case (with max_nodes: whose trace has at most that
    many nodes), as one compact ASCII JSON file."""
    texts = {}
    for name, stages in case_stages():
        if max_nodes is not None and len(stages[0][1].nodes) > max_nodes:
            continue
        texts[name] = {n: text_of(gg) for n, gg in stages}
    text = json.dumps(texts, separators=(",", ":"), ensure_ascii=True)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="ascii") as fh:
        fh.write(text)
    print(f"{len(text):>9}  {os.path.relpath(path)} ({len(texts)} cases)", flush=True)


def write_codegen(path):
    """codegen(g)[0], the reference's Python text, for every stage of every case (fixtures and ours) whose trace
    has at most CODEGEN_MAX_NODES nodes: {case: {stage: text}}."""
    write_texts(path, lambda g: gl.codegen(g)[0], CODEGEN_MAX_NODES)


def write_print(path):
    """str(Graph), the reference's text form, for every stage of every case (fixtures and ours)."""
    write_texts(path, str)


# ---------------------------------------------------------------- the demos (graphlab branch / dynamic)
# The branch demo's program (c/src/demos/branch_demo.c): written once here against the reference's Tensor, so every
# front end below is the reference's own (trace modes, check_guards, run, LazyRunner).
def branch_program(x):
    return (x * 2 + 1) if (x * 2).sum() > 0 else (x * 2 - 1)


# (first, second) inputs: the guard fails (the sign of the sum flips) or holds (same sign; a zero sum is False twice)
BRANCH_INPUTS = [([1.0, 2.0, 3.0], [-1.0, -2.0, -3.0]), ([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), ([2.0, 2.0], [-1.0, 0.5]),
                 ([1.0, -1.0], [3.0, -3.0]), ([-0.5, 0.25], [0.5, -0.25]), ([-4.0], [-0.125])]


def branch_cached(mode, xs):
    """The demo's compile cache for a tracing front end: each call runs the first cached graph whose guards hold
    (check_guards), or traces a new one on its input."""
    cache, calls = [], []
    for call, x in enumerate(xs, 1):
        arr = np.asarray(x, dtype=np.float64)
        checks = [bool(gl.check_guards(g, {"x": arr})) for g, _ in cache]
        hit = checks.index(True) if True in checks else None
        traced = hit is None
        if traced:
            try:
                g = gl.trace(branch_program, {"x": arr.shape}, mode=mode, example={"x": arr})
            except gl.TraceError:
                return {"error": True, "graphs": [], "calls": calls}
            cache.append((g, call))
            hit = len(cache) - 1
        calls.append({"check_guards": checks, "graph": hit, "traced": traced,
                      "output": [float(v) for v in gl.run(cache[hit][0], {"x": arr})[0]]})
    return {"error": False, "calls": calls,
            "graphs": [{**graph_json(g), "call": c, "ops": g.count(),
                        "guards": [{"kind": k, "node": n, "value": v} for k, n, v in g.guards]} for g, c in cache]}


def branch_lazy(xs):
    """One LazyRunner for both calls (as the demo): every executed graph, in order, with the call it served."""
    r = gl.LazyRunner()
    seen, run_ = [], r.materialize

    def materialize(t):          # records each graph as it runs (materialize replaces r.tr.g)
        seen.append((r.tr.g, call))
        return run_(t)
    r.materialize = materialize
    outs = []
    for call, x in enumerate(xs, 1):
        t = r.tensor(np.asarray(x, dtype=np.float64))
        outs.append([float(v) for v in r.materialize(branch_program(t))])
    inputs = sum(len(g.input_names) for g, _ in seen)
    return {"graphs": [{**graph_json(g), "call": c, "ops": g.count()} for g, c in seen], "ops": list(r.graphs),
            "imports": inputs - len(xs), "outputs": outs}


def branch_goldens():
    out = []
    for first, second in BRANCH_INPUTS:
        out.append({"first": first, "second": second,
                    "expected_second": [float(v) for v in branch_program(np.asarray(second, dtype=np.float64))],
                    "error": branch_cached("error", [first, second]),
                    "specialize": branch_cached("specialize", [first, second]),
                    "guard": branch_cached("guard", [first, second]),
                    "lazy": branch_lazy([first, second])})
    return out


DYN_CONFIGS = {"small": C(64, 8, 2, 8, 128), "llama8b": gl.LLAMA8B}
DYN_RUNS = [("specialize", 5, 6, "small"), ("bucket", 5, 6, "small"), ("symbolic", 5, 6, "small"),
            ("bucket", 1, 20, "small"), ("specialize", 15, 4, "small"), ("bucket", 4000, 200, "llama8b"),
            ("symbolic", 4090, 10, "llama8b"), ("specialize", 8190, 4, "llama8b")]


def attention_flops(g, bind):
    """node_flops of the attention's two matmuls in g: q·Kᵀ (feeding the softmax through the scale [and the mask])
    and p·V (reading the softmax)."""
    shapes = {n.id: n.shape for n in g.nodes}
    sm = [n for n in g.nodes if n.op == "softmax"]
    assert len(sm) == 1
    pv = [n for n in g.nodes if n.op == "matmul" and n.inputs[0] == sm[0].id]
    x = g.nodes[sm[0].inputs[0]]
    while x.op in ("add", "mul"):
        x = g.nodes[x.inputs[0]]
    assert len(pv) == 1 and x.op == "matmul"
    return gl.node_flops(x, shapes, bind) + gl.node_flops(pv[0], shapes, bind)


def dynamic_golden(strategy, start, steps, config):
    """The dynamic demo's compile cache (c/src/demos/dynamic_demo.c) over the reference's traces: each step's input
    shapes against each cached graph's input nodes (ints equal, a symbol bound consistently); graph sizes; and
    the attention FLOPs by the reference's node_flops (the step's graph at its length, and the exact-length graph
    for the padding's share)."""
    cfg = DYN_CONFIGS[config]
    masked = strategy == "bucket"
    cache, per_step, attn, wasted = [], [], 0, 0

    def shapes_at(L):
        sh = {"x": (1, cfg.d), "k_cache": (cfg.G, L, cfg.dh), "v_cache": (cfg.G, L, cfg.dh),
              "cos": (1, 1, cfg.dh), "sin": (1, 1, cfg.dh)}
        if masked:
            sh["kmask"] = (1, 1, L)
        return sh

    def holds(g, have):
        b = {}
        for n in g.nodes:
            if n.op != "input":
                continue
            h = have[n.name]
            if len(h) != len(n.shape):
                return False
            for want, got in zip(n.shape, h):
                if isinstance(want, str):
                    if b.setdefault(want, got) != got:
                        return False
                elif want != got:
                    return False
        return True

    for i in range(steps):
        S = start + i
        B = 1 << (S - 1).bit_length() if masked else S
        have = shapes_at(B)
        hit = next((k for k, (g, _) in enumerate(cache) if holds(g, have)), None)
        compiled = hit is None
        if compiled:
            L = "S" if strategy == "symbolic" else B
            pos = S - 1 if strategy == "specialize" else "P"
            g = gl.trace(gl.decode_layer(cfg, pos, masked), shapes_at(L), param_shapes(cfg))
            cache.append((g, L))
            hit = len(cache) - 1
        bind = {"S": S, "P": S - 1}
        a = attention_flops(cache[hit][0], bind)
        if masked:              # the same step without padding: the exact-length, unmasked graph
            unpadded = {k: v for k, v in shapes_at(S).items() if k != "kmask"}
            exact = attention_flops(gl.trace(gl.decode_layer(cfg, S - 1, False), unpadded, param_shapes(cfg)), bind)
        else:
            exact = a
        attn += a
        wasted += a - exact
        per_step.append({"S": S, "P": S - 1, "bucket": B, "compiled": compiled,
                         "guard_failure": compiled and len(cache) > 1, "graph": hit})
    return {"strategy": strategy, "from": start, "steps": steps, "config": config,
            "compiles": len(cache), "cache_hits": steps - len(cache),
            "guard_failures": sum(s["guard_failure"] for s in per_step),
            "padded_slots": sum(s["bucket"] - s["S"] for s in per_step),
            "attention_flops": attn, "wasted_attention_flops": wasted, "per_step": per_step,
            "graphs": [{"length": L, "nodes": len(g.nodes), "ops": g.count()} for g, L in cache]}


def write_demos(path):
    """tests/golden/demos/demos.json: {"branch": [...], "dynamic": [...]} (see tests/golden/README.md)."""
    data = {"branch": branch_goldens(), "dynamic": [dynamic_golden(*r) for r in DYN_RUNS]}
    text = json.dumps(jsonable(data), separators=(",", ":"), ensure_ascii=True)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="ascii") as fh:
        fh.write(text)
    print(f"{len(text):>9}  {os.path.relpath(path)}", flush=True)


def main(argv):
    out, table = os.path.join(ROOT, "tests", "golden"), CASES
    only = None
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--codegen", "--print", "--demos"):
            sub = a[2:]
            path = argv[i + 1] if i + 1 < len(argv) else os.path.join(ROOT, "tests", "golden", sub, sub + ".json")
            {"codegen": write_codegen, "print": write_print, "demos": write_demos}[sub](path)
            return
        if a == "--out":
            out, i = argv[i + 1], i + 2
        elif a == "--fixtures":
            out, table, i = argv[i + 1], FIXTURES, i + 2
        elif a == "--only":
            only, i = argv[i + 1:], len(argv)
        else:
            sys.exit(f"usage: see the docstring of {sys.argv[0]} (unknown argument {a!r})")
    os.makedirs(out, exist_ok=True)
    for name, spec in table.items():
        if only and name not in only:
            continue
        path, size = write(name, spec, out)
        print(f"{size:>9}  {os.path.relpath(path)}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
