// run-budget.test.js — the lab's "too big to run" check (web/run-budget.js) against the core itself: for each
// configuration, the numeric case with limits.run_bytes set to the bytes the lab counts runs, and with 8 bytes
// less the core refuses it for its budget. So the lab refuses exactly what the core would (at the default
// budget, meta.run_bytes.default), and says so in words a lab user can act on.
import { describe, it, expect, beforeAll } from 'vitest';

import { createGraphLab } from '../../wasm/graphlab.mjs';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';
import { runBudget, runFootprint, refuseReason } from '../../web/run-budget.js';

let gl;
beforeAll(async () => {
  gl = await createGraphLab();
});

const CASES = [
  ['the small prefill', {}],
  ['decode', { cfg: { mode: 'decode', S: 16 } }],
  ['masked decode', { cfg: { mode: 'masked', S: 33 } }],
  ['three layers', { cfg: { layers: 3 } }],
  ['prefill at pos0 7', { cfg: { T: 40, pos0: 7 } }],
  ['no passes (the trace decides)', { pipeline: [] }],
  ['decompose, cse, dce', { pipeline: ['decompose', 'cse', 'dce'] }],
  ['fold_norm_weight first', { pipeline: ['fold_norm_weight', 'decompose', 'simplify'] }],
  ['two decode layers', { cfg: { mode: 'decode', layers: 2, S: 5 } }],
  ['uneven heads', { cfg: { d: 48, H: 6, G: 3, dh: 4, f: 72, T: 9 } }],
];

describe('runFootprint counts what the core\'s run budget counts', () => {
  it.each(CASES)('%s: the core runs it at that budget and refuses it 8 bytes below', (_what, patch) => {
    const st = withPatch(defaultState(), patch);
    const fp = runFootprint(gl.runCase(caseFromState(st)));
    expect(fp.bytes % 8).toBe(0);
    const numeric = (runBytes) => ({ ...caseFromState(st, { numeric: true }), limits: { run_bytes: runBytes } });
    expect(() => gl.runCase(numeric(fp.bytes))).not.toThrow();
    expect(() => gl.runCase(numeric(fp.bytes - 8))).toThrow(/too large to run concretely: (the traced graph|stage \S+) needs more than limits\.run_bytes/);
    const stage = fp.stage === 'trace' ? 'the traced graph' : `stage ${fp.stage}`;
    expect(() => gl.runCase(numeric(fp.bytes - 8))).toThrow(stage);
  });

  it('takes the count the analysis worker made before it dropped the graphs', () => {
    const fp = { bytes: 123456, stage: 'decompose', node: [3, 'matmul', [2, 3]] };
    expect(runFootprint({ lab_run_footprint: fp })).toBe(fp);
    expect(runFootprint({})).toBeNull();
    expect(runFootprint(null)).toBeNull();
  });
});

describe('refuseReason: over the core\'s default budget, advice for the lab', () => {
  it('the budget is the core\'s default', () => {
    expect(runBudget(gl.meta())).toBe(268435456);
    expect(runBudget(null)).toBeNull();
    expect(runBudget({ run_bytes: { default: 0 } })).toBeNull();
  });

  it('Llama-3-8B (prefill) and a long decode are refused, naming the stage and what to lower', () => {
    const budget = runBudget(gl.meta());
    const big = gl.runCase(caseFromState(withPatch(defaultState(), { cfg: { d: 4096, H: 32, G: 8, dh: 128, f: 14336, theta: 500000 } })));
    const why = refuseReason(big, budget);
    expect(why).toMatch(/^Not run: this configuration needs [\d.]+ (MiB|GiB) of float64 values at stage \S+ \(the largest: %\d+ \w+ of shape [\d×]+\), over the core's run budget of 256 MiB\. Lower T \(the prompt tokens\) or d/);
    expect(why).not.toMatch(/drop params|limits\.run_bytes/);
    const dec = gl.runCase(caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', S: 16777216 } })));
    expect(refuseReason(dec, budget)).toMatch(/Lower S \(the KV-cache length\) or d/);
  });

  it('the small preset and anything within the budget are not refused', () => {
    const small = gl.runCase(caseFromState(defaultState()));
    expect(refuseReason(small, runBudget(gl.meta()))).toBeNull();
    expect(refuseReason(small, null)).toBeNull();                       // no meta: the core judges
    const fp = runFootprint(small);
    expect(refuseReason(small, fp.bytes)).toBeNull();
    expect(refuseReason(small, fp.bytes - 8)).toMatch(/^Not run: /);
  });
});
