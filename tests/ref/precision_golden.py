"""The reference side of tests/precision.test.js: a golden case's final graph run under precision plans.

Extends the reference in this process, never editing it: the case's layer is traced and passed by the
reference (../shared/reference/graph_lab.py) from the golden file's config, params and inputs; then every node
runs twice, in float64 and under the plan, with the reference's own eval_node, each planned result rounded
to its tensor class's format by tests/ref/round_oracle.py (numpy for fp32/fp16, exact integer ratios for bf16
and fp8, int8 by its definition) — no GraphLab code. Classes as docs/PRECISION.md states them: params are
weights (int8_channel: one scale per column of a 2-D weight), inputs named *cache* and kv_write results the KV
cache, every other input and computed node activations, consts float64; accumulate "fp32": a matmul's running
sums rounded to fp32 (numpy's float32) at every step, k in order. Per node: max |q - r|, that over max |r|,
SNR in dB (None where infinite or where q overflowed); added_db, the noise the node adds by its own rounding
(10 log10(sum (q - q~)^2 / sum r^2), q~ its planned value before its own rounding: eval_node on the planned
inputs, a leaf's float64 value), the worst node (largest added_db) and per layer the layer's output node's
error (its last node that is not a leaf) and its worst node. Layers as docs/PRECISION.md states them: a param
or input named "i.…" is in layer i, a computed node in the latest layer of its inputs, a leaf without a prefix
in its users' layer (shared, in none, when several layers use it). A two-layer prefill stack (the first golden
case's layer twice, the second with layer_params(seed=7)) is traced here as the composition of two
prefill_layer calls and written as a case of its own (stack_*.json), compared by its per-layer error.

Usage: /usr/bin/python3 tests/ref/precision_golden.py   # writes tests/golden/precision/*.json
"""
import base64
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
sys.path.insert(0, HERE)
import graph_lab as gl  # noqa: E402
import round_oracle as ro  # noqa: E402

PASSES = ["match_attention", "decompose", "cse", "constant_fold", "simplify", "fold_norm_weight"]
CASES = ["golden_prefill_d32_h4_g4_dh12_T5_mha", "golden_decode_masked_d40_h10_g5_dh4_S4",
         "golden_prefill_d24_h8_g1_dh4_T9_mqa_fp32"]
PLANS = {
    "bf16": {"weights": "bf16", "activations": "bf16", "kv": "bf16"},
    "fp16_acc32": {"weights": "fp16", "activations": "fp16", "kv": "fp16", "accumulate": "fp32"},
    "fp8_e4m3": {"weights": "fp8_e4m3", "activations": "fp8_e4m3"},
    "fp8_e5m2_kv": {"kv": "fp8_e5m2", "activations": "bf16"},
    "int8_w": {"weights": "int8", "activations": "bf16"},
    "int8_channel_w": {"weights": "int8_channel", "activations": "fp32", "accumulate": "fp32"},
    "smooth_int8": {"weights": "int8", "activations": "int8", "smooth": 0.5},
    "smooth_acc32": {"weights": "int8_channel", "activations": "bf16", "accumulate": "fp32", "smooth": 0.8},
}


def arr(x):
    a = np.frombuffer(base64.b64decode(x["f64"]), dtype="<f8").astype(np.float64)
    return a.reshape(x["shape"])


def round_array(fmt, a):
    a = np.array(a, dtype=np.float64)
    if fmt == "f64":
        return a
    if fmt in ("int8", "int8_channel"):
        if fmt == "int8_channel" and a.ndim == 2:
            out = np.empty_like(a)
            for c in range(a.shape[1]):
                out[:, c] = ro.int8(a[:, c].tolist())
            return out
        return np.array(ro.int8(a.ravel().tolist()), dtype=np.float64).reshape(a.shape)
    if fmt in ("fp32", "fp16"):
        return a.astype(np.float32 if fmt == "fp32" else np.float16).astype(np.float64)
    p, emin, mx, sat = ro.FLOATS[fmt]
    return np.array([ro.round_rational(float(v), p, emin, mx, sat) for v in a.ravel()], dtype=np.float64).reshape(a.shape)


def matmul_acc32(a, b):
    """numpy's matmul broadcasting, each running sum rounded to float32"""
    a, b = np.asarray(a), np.asarray(b)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    A = np.broadcast_to(a, batch + a.shape[-2:])
    B = np.broadcast_to(b, batch + b.shape[-2:])
    M, K, N = a.shape[-2], a.shape[-1], b.shape[-1]
    out = np.empty(batch + (M, N))
    for idx in np.ndindex(*batch):
        for i in range(M):
            for j in range(N):
                acc = 0.0
                for k in range(K):
                    acc = float(np.float32(acc + A[idx + (i, k)] * B[idx + (k, j)]))
                out[idx + (i, j)] = acc
    return out


def fmt_of(n, plan):
    if n.op == "param":
        return plan.get("weights", "f64")
    if n.op == "const":
        return "f64"
    if n.op == "kv_write" or (n.op == "input" and "cache" in n.name):
        return plan.get("kv", "f64")
    return plan.get("activations", "f64")


def error(r, q):
    r, q = np.asarray(r, dtype=np.float64), np.asarray(q, dtype=np.float64)
    same = (r == q) | (np.isnan(r) & np.isnan(q))
    bad = ~same & ~(np.isfinite(r) & np.isfinite(q))
    if bad.any():
        return None, None, None
    with np.errstate(invalid="ignore"):
        d = np.where(same, 0.0, np.abs(q - r))
    rf = np.where(np.isfinite(r), r, 0.0)
    max_abs = float(d.max()) if d.size else 0.0
    max_ref = float(np.abs(rf).max()) if rf.size else 0.0
    sig, noise = float(np.sum(rf * rf)), float(np.sum(d * d))
    snr = None if noise == 0 else (10 * math.log10(sig / noise) if sig > 0 else None)
    return max_abs, (max_abs / max_ref if max_ref > 0 else 0.0), snr


def added(r, pre, q):
    """the node's own rounding noise over r's signal, in dB: -inf unchanged, inf overflowed"""
    r, pre, q = (np.asarray(v, dtype=np.float64).ravel() for v in (r, pre, q))
    sig = float(sum(float(x) * float(x) for x in r if math.isfinite(x)))
    noise, overflow = 0.0, False
    for b, y in zip(pre.tolist(), q.tolist()):
        if b == y or (math.isnan(b) and math.isnan(y)):
            continue
        if not math.isfinite(y):
            overflow = overflow or math.isfinite(b)
            continue
        if not math.isfinite(b):
            continue
        noise += (y - b) * (y - b)
    if overflow:
        return math.inf
    if noise == 0:
        return -math.inf
    return 10 * math.log10(noise / sig) if sig > 0 else math.inf


LEAVES = ("input", "param", "const")


def layer_of(g, outs=None):
    """each node's layer (-1: a leaf several layers share). One layer: all 0. A stack: outs[k] is layer k's
    output node (found by value, stack_case); the computed nodes after outs[k-1] up to outs[k] are layer k, a
    param or input named "k.…" too, a leaf without a prefix its users' layer (-1 when several)"""
    import re
    lay = {}
    outs = outs or [max(n.id for n in g.nodes)]
    for n in g.nodes:
        m = re.match(r"^(\d{1,4})\.", n.name or "")
        if n.op in LEAVES:
            lay[n.id] = int(m.group(1)) if m else None
        else:
            lay[n.id] = next((k for k, o in enumerate(outs) if n.id <= o), len(outs) - 1)
    users = {}
    for n in g.nodes:
        for i in n.inputs:
            users.setdefault(i, set()).add(lay[n.id])
    for n in g.nodes:
        if lay[n.id] is None:
            us = users.get(n.id, set())
            lay[n.id] = -1 if len(us) > 1 else (us.pop() if us else 0)
    return lay


def num(x):
    return None if x is None or not math.isfinite(x) else x


def smooth_scale(a, w, alpha):
    if not (a > 0) or not (w > 0) or not math.isfinite(a) or not math.isfinite(w):
        return 1.0
    try:
        s = a ** alpha / w ** (1 - alpha)
    except OverflowError:
        return 1.0
    return s if math.isfinite(s) and s > 0 else 1.0


def planned(g, inputs, bind, plan, layer_outs=None):
    """SmoothQuant ("smooth": alpha, docs/PRECISION.md): each matmul reading an activation A (not a const or
    param) against a 2-D param W is computed as (A~ / s) @ (diag(s) W), A~ A's planned value before its own
    rounding, W the float64 weight, each scaled operand rounded to its class's format; s_j = a_j^alpha /
    w_j^(1-alpha) from A's float64 channel maxima and the maxima of row j over every such W of A"""
    acc32 = plan.get("accumulate") == "fp32"
    alpha = plan.get("smooth")
    smm = {}                                   # smoothed matmul id -> A id
    if alpha is not None:
        for n in g.nodes:
            if n.op == "matmul" and len(n.inputs) == 2:
                a, w = (g.nodes[i] for i in n.inputs)
                if w.op == "param" and w.id in g.values and np.ndim(g.values[w.id]) == 2 and a.op not in ("const", "param"):
                    smm[n.id] = a.id
    scaled = {}                                # A id -> (s, A~ / s, rounded)
    ref, q, nodes, add = {}, {}, [], {}
    for n in g.nodes:
        if n.op == "input":
            ref[n.id] = q[n.id] = np.asarray(inputs[n.name], dtype=np.float64)
        elif n.op in ("param", "const"):
            ref[n.id] = q[n.id] = g.values[n.id]
        else:
            ref[n.id] = gl.eval_node(n, [ref[i] for i in n.inputs], bind)
            qa = [q[i] for i in n.inputs]
            q[n.id] = gl.eval_node(n, qa, bind)
        pre = q[n.id]
        A = smm.get(n.id)
        if A is not None and A in scaled:
            s, sp, sq = scaled[A]
            W = g.nodes[n.inputs[1]]
            wp = np.asarray(g.values[W.id], dtype=np.float64) * s[:, None]
            wq = round_array(fmt_of(W, plan), wp)
            pre = gl.eval_node(n, [sp, wp], bind)
            q[n.id] = matmul_acc32(sq, wq) if acc32 else gl.eval_node(n, [sq, wq], bind)
        elif acc32 and n.op == "matmul":
            q[n.id] = matmul_acc32(*[q[i] for i in n.inputs])
        if n.id in smm.values():
            r = np.asarray(ref[n.id], dtype=np.float64)
            K = r.shape[-1] if r.ndim else 0
            Ws = [np.asarray(g.values[g.nodes[m].inputs[1]]) for m, a in smm.items() if a == n.id]
            if K >= 1 and all(W.shape[0] == K for W in Ws):
                fin = np.where(np.isfinite(r), np.abs(r), 0.0).reshape(-1, K)
                amax = fin.max(axis=0)
                wmax = np.max([np.where(np.isfinite(W), np.abs(W), 0.0).max(axis=1) for W in Ws], axis=0)
                s = np.array([smooth_scale(float(a), float(w), alpha) for a, w in zip(amax, wmax)])
                sp = np.asarray(pre, dtype=np.float64) / s
                scaled[n.id] = (s, sp, round_array(fmt_of(n, plan), sp))
        q[n.id] = round_array(fmt_of(n, plan), q[n.id])
        a, rel, snr = error(ref[n.id], q[n.id])
        add[n.id] = added(ref[n.id], pre, q[n.id])
        nodes.append({"node": n.id, "max_abs": a, "max_rel": rel, "snr_db": snr, "added_db": num(add[n.id])})
    outs = [{"max_abs": nodes[o]["max_abs"], "max_rel": nodes[o]["max_rel"]} for o in g.outputs]
    cand = [n.id for n in g.nodes if add[n.id] > -math.inf]
    w = max(cand, key=lambda i: (add[i], -i)) if cand else None
    worst = None if w is None else {"node": w, "added_db": num(add[w])}
    lay = layer_of(g, layer_outs)
    layers = []
    for k in range(max([lay[n.id] for n in g.nodes if n.op not in LEAVES], default=-1) + 1):
        ops = [n.id for n in g.nodes if lay[n.id] == k and n.op not in LEAVES]
        if not ops:
            continue
        o = ops[-1]
        c = [n.id for n in g.nodes if lay[n.id] == k and add[n.id] > -math.inf]
        lw = max(c, key=lambda i: (add[i], -i)) if c else None
        layers.append({"layer": k, "max_abs": nodes[o]["max_abs"], "max_rel": nodes[o]["max_rel"],
                       "snr_db": nodes[o]["snr_db"], "out": o, "worst": lw,
                       "worst_added_db": None if lw is None else num(add[lw])})
    return {"nodes": nodes, "outputs": outs, "worst": worst, "layers": layers}


def final_graph(case):
    c = case["config"]
    cfg = gl.LayerCfg(c["d"], c["H"], c["G"], c["dh"], c["f"], c["eps"], c["theta"])
    params = {k: arr(v) for k, v in case["params"].items()}
    inputs = {k: arr(v) for k, v in case["inputs"].items()}
    if c["mode"] == "prefill":
        fn = gl.prefill_layer(cfg, c["T"], c["pos0"])
        if c["layers"] > 1:
            raise ValueError("stacks: not here")
        shapes = {"x": (c["T"], c["d"])}
    else:
        fn = gl.decode_layer(cfg, "P", c["masked"])
        shapes = {"x": (1, c["d"]), "k_cache": (c["G"], "S", c["dh"]), "v_cache": (c["G"], "S", c["dh"]),
                  "cos": (1, 1, c["dh"]), "sin": (1, 1, c["dh"])}
        if c["masked"]:
            shapes["kmask"] = (1, 1, "S")
    g = gl.trace(fn, shapes, params)
    for p in PASSES:
        r = getattr(gl, p)(g)
        g = r[0] if isinstance(r, tuple) else r
    return g, inputs, case["bind"]


STACK_PLANS = {
    "bf16": {"weights": "bf16", "activations": "bf16"},
    "int8_w": {"weights": "int8", "activations": "bf16"},
}


def b64(a):
    a = np.ascontiguousarray(a, dtype="<f8")
    return {"shape": list(a.shape), "f64": base64.b64encode(a.tobytes()).decode()}


def stack_case():
    """the first golden case's layer twice: layer 0 with its params, layer 1 with layer_params(seed=7)"""
    case = json.load(open(os.path.join(ROOT, "tests", "golden", CASES[0] + ".json")))
    c = case["config"]
    cfg = gl.LayerCfg(c["d"], c["H"], c["G"], c["dh"], c["f"], c["eps"], c["theta"])
    p0 = {k: arr(v) for k, v in case["params"].items()}
    p1 = gl.layer_params(cfg, seed=7)
    params = {**{f"0.{k}": v for k, v in p0.items()}, **{f"1.{k}": p1[k] for k in p0}}
    inputs = {k: arr(v) for k, v in case["inputs"].items()}
    layer = gl.prefill_layer(cfg, c["T"], c["pos0"])

    def stack(x, p):
        for i in range(2):
            x = layer(x, {k: p[f"{i}.{k}"] for k in p0})
        return x
    g = gl.trace(stack, {"x": (c["T"], c["d"])}, params)
    for ps in PASSES:
        r = getattr(gl, ps)(g)
        g = r[0] if isinstance(r, tuple) else r
    # each layer's output node: the final graph's node nearest (max |difference|) to the layer run eagerly
    ref = gl.run(g, inputs, {})[0]
    vals, x = {}, inputs["x"]
    for n in g.nodes:
        if n.op == "input":
            vals[n.id] = inputs[n.name]
        elif n.op in LEAVES:
            vals[n.id] = g.values[n.id]
        else:
            vals[n.id] = gl.eval_node(n, [vals[i] for i in n.inputs], {})
    outs = []
    for i in range(2):
        x = layer(x, {k: params[f"{i}.{k}"] for k in p0})
        cand = [n.id for n in g.nodes if n.op not in LEAVES and np.shape(vals[n.id]) == x.shape]
        outs.append(min(cand, key=lambda j: float(np.max(np.abs(vals[j] - x)))))
    assert outs[-1] == g.outputs[0] and np.array_equal(vals[outs[-1]], ref)
    conf = dict(c, layers=2)
    out = {"case": {"case": "precision_stack2", "config": conf, "params": {k: b64(v) for k, v in params.items()},
                    "inputs": {k: b64(v) for k, v in inputs.items()}}, "plans": {}}
    for pn, plan in STACK_PLANS.items():
        e = planned(g, inputs, {}, plan, outs)
        out["plans"][pn] = {"precision": plan, "error": {"outputs": e["outputs"], "layers": e["layers"],
                                                          "worst_added_db": e["worst"]["added_db"]}}
    return out


def main():
    out_dir = os.path.join(ROOT, "tests", "golden", "precision")
    os.makedirs(out_dir, exist_ok=True)
    n = 0
    for name in CASES:
        case = json.load(open(os.path.join(ROOT, "tests", "golden", name + ".json")))
        g, inputs, bind = final_graph(case)
        res = {"case": name, "plans": {}}
        for pn, plan in PLANS.items():
            res["plans"][pn] = {"precision": plan, "error": planned(g, inputs, bind, plan)}
            n += 1
        with open(os.path.join(out_dir, name + ".json"), "w") as f:
            json.dump(res, f, indent=0)
            f.write("\n")
    os.makedirs(os.path.join(out_dir, "stack"), exist_ok=True)
    with open(os.path.join(out_dir, "stack", "prefill_2layers.json"), "w") as f:
        json.dump(stack_case(), f, indent=0)
        f.write("\n")
    print(f"{n} plans over {len(CASES)} cases and a two-layer stack -> {out_dir}")


if __name__ == "__main__":
    main()
