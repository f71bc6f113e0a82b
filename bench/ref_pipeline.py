"""Times the reference module's analysis pipeline (the spec, ../shared/reference/graph_lab.py, imported
read-only — nothing of it is copied here) on L-layer Llama-3-8B prefill stacks, for bench/pipeline_bench.

Usage: python3 bench/ref_pipeline.py [--model 8b|405b] [--repeat K] L [L ...]
  → one JSON line per L: {"L", "nodes", "import_ms", "ms": [K times]}: ms[0] is the first computation in
  this process (cold when L is the first one asked for), ms[1:] the warm ones; import_ms is the time of
  `import graph_lab` (numpy included), which no ms covers. K defaults to 1.
The pipeline is the one GraphLab's timing_ms.total covers: trace, the six passes, eager and fused
fusion, cost, lifetimes, naive/greedy plans and the lower bound.
"""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "shared", "reference"))
_t0 = time.perf_counter()
import graph_lab as gl  # noqa: E402
IMPORT_MS = (time.perf_counter() - _t0) * 1e3


def stack(cfg, T, pos0, L):
    layer = gl.prefill_layer(cfg, T, pos0)      # one closure: every layer shares the RoPE tables

    def f(x, p):
        for i in range(L):
            x = layer(x, {k: p[f"{i}.{k}"] for k in ("attn_norm", "wq", "wk", "wv", "wo", "mlp_norm",
                                                      "w_gate", "w_up", "w_down")})
        return x
    return f


def shapes(cfg, L):
    d, q, kv, f = cfg.d, cfg.H * cfg.dh, cfg.G * cfg.dh, cfg.f
    one = {"attn_norm": (d,), "wq": (d, q), "wk": (d, kv), "wv": (d, kv), "wo": (q, d), "mlp_norm": (d,),
           "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}
    return {f"{i}.{k}": v for i in range(L) for k, v in one.items()}


def pipeline(cfg, T, L):
    t0 = time.perf_counter()
    g = gl.trace(stack(cfg, T, 0, L), {"x": (T, cfg.d)}, shapes(cfg, L))
    g1, _ = gl.match_attention(g)
    g2 = gl.decompose(g1)
    g3 = gl.cse(g2)
    g4, _ = gl.constant_fold(g3)
    g5, _ = gl.simplify(g4)
    g6, _ = gl.fold_norm_weight(g5)
    eager = gl.fuse(gl.decompose(g), enable=False)
    fused = gl.fuse(g6)
    gl.graph_cost(eager), gl.graph_cost(fused)
    lts = gl.lifetimes(g6, fused)
    gl.plan_memory(lts, "naive"), gl.plan_memory(lts), gl.lower_bound(lts)
    return (time.perf_counter() - t0) * 1e3, len(g6.nodes)


if __name__ == "__main__":
    args = sys.argv[1:]
    cfg = gl.LLAMA8B
    if args[:1] == ["--model"]:
        if args[1] == "405b":
            cfg = gl.LayerCfg(16384, 128, 8, 128, 53248, 1e-5, 500000.0)
        args = args[2:]
    repeat = 1
    if args[:1] == ["--repeat"]:
        repeat = int(args[1])
        args = args[2:]
    for L in map(int, args):
        runs = [pipeline(cfg, 2048, L) for _ in range(repeat)]
        print(json.dumps({"L": L, "nodes": runs[0][1], "import_ms": round(IMPORT_MS, 3),
                          "ms": [round(ms, 3) for ms, _ in runs]}), flush=True)
