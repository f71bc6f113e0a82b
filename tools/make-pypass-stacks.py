"""The reference's pipeline on the 32-layer Llama-3-8B and 126-layer Llama-3.1-405B prefill stacks (T = 2048,
shape-only): per stage its hits, node count and the sha256 of str(graph) — the golden data of
tests/pypass.test.js (the lecture's passes as Python source on those stacks). Imports the reference
read-only (../shared/reference/graph_lab.py).
Usage: /usr/bin/python3 tools/make-pypass-stacks.py > tests/golden/pypass/stacks.json"""
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "shared", "reference"))
sys.path.insert(0, "/work/shared/reference")
import graph_lab as gl  # noqa: E402

sys.path.insert(0, os.path.join(HERE, "..", "bench"))
from ref_pipeline import shapes, stack  # noqa: E402


def stages(cfg, T, L):
    g = gl.trace(stack(cfg, T, 0, L), {"x": (T, cfg.d)}, shapes(cfg, L))
    out = []
    g1, h = gl.match_attention(g); out.append(("match_attention", g1, h))
    g2 = gl.decompose(g1); out.append(("decompose", g2, None))
    g3 = gl.cse(g2); out.append(("cse", g3, None))
    g4, h = gl.constant_fold(g3); out.append(("constant_fold", g4, h))
    g5, h = gl.simplify(g4); out.append(("simplify", g5, h))
    g6, h = gl.fold_norm_weight(g5); out.append(("fold_norm_weight", g6, h))
    return [{"name": n, "hits": h, "nodes": len(gg.nodes), "sha256": hashlib.sha256(str(gg).encode()).hexdigest()}
            for n, gg, h in out]


LLAMA405B = gl.LayerCfg(16384, 128, 8, 128, 53248, 1e-5, 500000.0)
res = [
    {"case": {"case": "llama3-8b x32", "config": {"preset": "llama3-8b", "mode": "prefill", "T": 2048, "pos0": 0, "layers": 32}},
     "stages": stages(gl.LLAMA8B, 2048, 32)},
    {"case": {"case": "llama3.1-405b x126", "config": {"preset": "llama3.1-405b", "mode": "prefill", "T": 2048, "pos0": 0, "layers": 126}},
     "stages": stages(LLAMA405B, 2048, 126)},
]
json.dump(res, sys.stdout, indent=1, ensure_ascii=False)
print()
