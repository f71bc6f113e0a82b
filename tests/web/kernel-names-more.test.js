// kernel-names-more.test.js — the core's kernel names (c/src/io/lab_facts.c, `graphlab case` with emit.lab) on
// small programs that reach the naming rules the reference's cases do not: a weight the table does not know, a
// matmul without a weight (scaled: attention scores), cache writes by the cache they fill, a gate with SiLU and
// the up projection gated by it, the RMSNorm named by the projections that read it (MLP, final, attention),
// layer prefixes in a stack and the chart's short names. Every expectation is written out by hand from the
// program above it, never computed by the module; the written / on-chip split is checked against the kernel's
// nodes (each node once, the value the next kernel or the output reads written).
import { describe, expect, it } from 'vitest';

import { nativeModule } from '../helpers/native-module.js';

const gl = nativeModule();
const PIPE = ['decompose', 'cse', 'dce', 'fold_norm_weight'];
const named = (program) => {
  const r = gl.runCase({ program, pipeline: PIPE, emit: { lab: true } });
  r.lab_kernels.forEach((k, i) => {
    expect([...k.written, ...k.onChip].sort((a, b) => a - b)).toEqual([...r.fused.kernels[i].nodes].sort((a, b) => a - b));
    expect(k.detail).toBe(`${r.fused.kernels[i].kind}: ${r.fused.kernels[i].label}`);
  });
  return r.lab_kernels;
};
const names = (ks) => ks.map((k) => k.name);

describe('kernel names from the core', () => {
  it('a weight the table does not know; a matmul without one, scaled by a const', () => {
    const ks = named(`from graph_lab import trace, F
def f(x, y, p):
    h = x @ p["proj_x"]
    z = h @ y
    return F.exp(z) * 0.0 - z
g = trace(f, {"x": (2, 4), "y": (4, 2)}, params={"proj_x": (4, 4)})
`);
    expect(names(ks)).toEqual(['proj_x projection', 'attention scores Q·Kᵀ × scale']);
    expect(ks.map((k) => k.short)).toEqual(['proj_x proj.', 'scores Q·Kᵀ']);
    expect(ks[0].onChip).toEqual([]);           // a bare matmul saves nothing
    expect(ks[1].written).toHaveLength(1);       // the output only
  });

  it('an MLP: its RMSNorm, the gate with SiLU, the up projection gated by it, the final RMSNorm and LM head', () => {
    const ks = named(`from graph_lab import trace, F
def f(x, p):
    r = F.rms_norm(x, p["n"], 1e-5)
    a = F.silu(r @ p["0.w_gate"]) * (r @ p["0.w_up"])
    b = F.rms_norm(a @ p["0.w_down"] + x, p["n2"], 1e-5)
    return b @ p["lm_head"]
g = trace(f, {"x": (2, 4)}, params={"n": (4,), "0.w_gate": (4, 8), "0.w_up": (4, 8), "0.w_down": (8, 4), "n2": (4,), "lm_head": (4, 16)})
`);
    expect(names(ks)).toEqual(['MLP RMSNorm', 'gate projection + SiLU', 'up projection × SiLU(gate)',
      'down projection + residual + x² (next RMSNorm)', 'final RMSNorm', 'LM head']);
    expect(ks.map((k) => k.short)).toEqual(['MLP RMSNorm', 'gate proj.', 'up proj.', 'down proj.', 'final RMSNorm', 'LM head']);
    expect(ks[0].written).toHaveLength(1);       // the normalised rows; x², the sums, rsqrt stay on chip
    expect(ks[3].written).toHaveLength(2);       // the residual sum and its square (the next RMSNorm reads both)
  });

  it('cache writes by the cache they fill', () => {
    expect(names(named(`from graph_lab import trace, F
def f(k_new, p):
    return F.kv_write(p["k_cache"], k_new, 3), F.kv_write(p["0.v_cache"], k_new, 3), F.kv_write(p["scratch_cache"], k_new, 3)
g = trace(f, {"k_new": (1, 4)}, params={"k_cache": (8, 4), "0.v_cache": (8, 4), "scratch_cache": (8, 4)})
`))).toEqual(['K cache write', 'V cache write', 'cache write']);
  });

  it('a stack: every name with its layer, the RMSNorm in the layer of the projection that reads it', () => {
    const ks = named(`from graph_lab import trace, F
def f(x, p):
    h = x
    for i in range(2):
        r = F.rms_norm(h, p[f"{i}.attn_norm"], 1e-5)
        h = h + (r @ p[f"{i}.wq"]) @ p[f"{i}.wo"]
    return F.silu(h)
ps = {}
for i in range(2):
    ps[f"{i}.attn_norm"] = (4,); ps[f"{i}.wq"] = (4, 4); ps[f"{i}.wo"] = (4, 4)
g = trace(f, {"x": (2, 4)}, params=ps)
`);
    expect(names(ks)).toEqual(['L0 attention RMSNorm', 'L0 Q projection', 'L0 O projection + residual + x² (next RMSNorm)',
      'L1 attention RMSNorm', 'L1 Q projection', 'L1 O projection + SiLU + residual']);
    expect(ks.map((k) => k.layer)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(ks.map((k) => k.short)).toEqual(['attention RMSNorm', 'Q proj.', 'O proj.', 'attention RMSNorm', 'Q proj.', 'O proj.']);
  });
});
