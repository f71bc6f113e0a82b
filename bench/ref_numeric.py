"""Times the reference module's interpreter (the spec, ../shared/reference/graph_lab.py, imported
read-only — nothing of it is copied here) on one prefill layer, for bench/numeric_bench.mjs.

For each (d, T): the layer is traced with prefill_layer(LayerCfg(d, 8, 2, d // 8, 2 * d), T) and
layer_params(cfg, 0) (H = 8, G = 2, dh = d/8, f = 2d: the proportions bench/numeric_bench.c uses), and
only graph_lab.run(g, {"x": x}) is timed: the best of several runs (~0.3 s of repeats, at least 5).

Usage: python3 bench/ref_numeric.py [--json] [D T ...]      (default: the bench's 4 x 4 grid)
  table: "d T ref_ms [ours_ms ratio]" per line; --ours D:T:MS ... adds our time and the speedup column
  --json: one JSON object {"rows": [{"d", "T", "ref_ms", "reps"}], "numpy": version}
"""
import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "shared", "reference"))
import graph_lab as gl  # noqa: E402

DS = [64, 128, 256, 512]
TS = [12, 32, 64, 128]


def ref_run_ms(d, T, budget_s=0.3, min_reps=5, max_reps=200):
    cfg = gl.LayerCfg(d, 8, 2, d // 8, 2 * d)
    p = gl.layer_params(cfg, 0)
    g = gl.trace(gl.prefill_layer(cfg, T), {"x": (T, d)}, p)
    x = np.random.default_rng(1).standard_normal((T, d))
    gl.run(g, {"x": x})                                   # warm-up (first-call allocations, imports)
    best, reps, start = float("inf"), 0, time.perf_counter()
    while reps < min_reps or (time.perf_counter() - start < budget_s and reps < max_reps):
        t0 = time.perf_counter()
        gl.run(g, {"x": x})
        best = min(best, time.perf_counter() - t0)
        reps += 1
    return best * 1e3, reps


def main(argv):
    as_json = "--json" in argv
    argv = [a for a in argv if a != "--json"]
    ours = {}
    if "--ours" in argv:
        i = argv.index("--ours")
        for spec in argv[i + 1:]:
            d, T, ms = spec.split(":")
            ours[(int(d), int(T))] = float(ms)
        argv = argv[:i]
    nums = [int(a) for a in argv]
    pairs = list(zip(nums[0::2], nums[1::2])) if nums else [(d, T) for d in DS for T in TS]
    rows = []
    if not as_json:
        print(f"{'d':>5} {'T':>5} {'ref ms':>10}" + (f" {'ours ms':>10} {'speedup':>8}" if ours else ""), flush=True)
    for d, T in pairs:
        ms, reps = ref_run_ms(d, T)
        rows.append({"d": d, "T": T, "ref_ms": ms, "reps": reps})
        if not as_json:
            line = f"{d:>5} {T:>5} {ms:>10.4f}"
            if (d, T) in ours:
                line += f" {ours[(d, T)]:>10.4f} {ms / ours[(d, T)]:>7.1f}x"
            print(line, flush=True)
    if as_json:
        print(json.dumps({"rows": rows, "numpy": np.__version__}))


if __name__ == "__main__":
    main(sys.argv[1:])
