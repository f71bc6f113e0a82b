"""The reference side of tests/web/memory-plans.test.js: for every case with a memory result (tests/fixtures/,
tests/golden/), what the lab's memory view draws, from the reference (../shared/reference/graph_lab.py,
imported read-only) on the case's lifetimes: plan_memory(lts, "naive")'s offsets, the bytes alive at each
kernel step (the vector lower_bound takes the maximum of), the order greedy-by-size places the buffers in
(plan_memory's sorted(lts, key=-size)), and lower_bound itself.

Usage (the system python, which has numpy):
  /usr/bin/python3 tests/ref/plans.py       # rewrites tests/golden/plans/plans.json
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "..", "shared", "reference"))
import graph_lab as gl  # noqa: E402

OUT = os.path.join(ROOT, "tests", "golden", "plans", "plans.json")


def plans(lts):
    naive = gl.plan_memory(lts, "naive")[1]
    steps = max([e for _, _, _, e in lts], default=-1) + 1
    live = np.zeros(steps, dtype=np.int64)
    for _, size, s, e in lts:
        live[s:e + 1] += size                      # as lower_bound sums them
    order = sorted(range(len(lts)), key=lambda j: -lts[j][1])
    return {"naive_offsets": [naive[n] for n, _, _, _ in lts], "live": live.tolist(), "greedy_order": order,
            "lower_bound": int(gl.lower_bound(lts))}


def main():
    out = {}
    for folder in ("fixtures", "golden"):
        d = os.path.join(ROOT, "tests", folder)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(d, name)) as f:
                case = json.load(f)
            if "memory" not in case:
                continue
            lts = [(int(n), int(b), int(s), int(e)) for b, s, e, n in case["memory"]["lifetimes"]]
            out[f"{folder}/{name}"] = plans(lts)
    with open(OUT, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")
    print(f"plans.py: {len(out)} cases -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
