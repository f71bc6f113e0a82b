// robustness.test.js — the browser module (public/graphlab-core.*, via wasm/graphlab.mjs) against bad input:
//  - every bad case file of CASE_ERRORS (the CLI table, plus limits, budget and hostile strings) fails with
//    the same status and message as the CLI, and leaves the heap where it was;
//  - every bad call of API_ERRORS at the JS boundary is a GraphLabError, never a TypeError or a trap;
//  - model-scale shape-only analysis gives exact 64-bit numbers without allocating values (the WASM memory
//    stays small), and overflow is GL_E_LIMIT;
//  - filling the WASM memory for real (the budget raised to 1 TiB) is GL_E_NOMEM, not a trap, and the module
//    recovers;
//  - docs/ROBUSTNESS.md (tools/robustness-doc.mjs) lists every row.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { createGraphLab, GraphLabError } from '../wasm/graphlab.mjs';
import { API_ERRORS, CASE_ERRORS, HASH_ERRORS } from './helpers/bad-inputs.js';
import { ROOT } from './helpers/compare.js';
import { cellText } from '../tools/robustness-doc.mjs';

const MODULE = join(ROOT, 'public', 'graphlab-core.mjs');
const LEAN = { graphs: false, provenance: false, outputs: false, kernels: false };
const code = (status) => `GL_E_${status.toUpperCase()}`;

let gl;
let baseline;
beforeAll(async () => {
  if (!existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  gl = await createGraphLab();
  gl.runCase({ config: { preset: 'small', mode: 'prefill', T: 4 }, params: { random: 0 } });
  baseline = gl.memoryStats();
}, 60_000);

describe(`${CASE_ERRORS.length} bad case files through the WASM module`, () => {
  it.each(CASE_ERRORS)('%s', (_what, text, status, re) => {
    let err;
    try {
      gl.runCaseText(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err.code).toBe(code(status));
    expect(err.message).toMatch(re);
    expect(err.message.length).toBeLessThan(256);
    expect(gl.memoryStats()).toBe(baseline);
  });
});

describe(`${API_ERRORS.length} bad calls at the JS boundary`, () => {
  it.each(API_ERRORS)('%s', (_what, _shown, call, errCode, re) => {
    let err;
    try {
      call(gl);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err.code).toBe(errCode);
    expect(err.message).toMatch(re);
    expect(err.message.length).toBeLessThan(300);
    expect(gl.memoryStats()).toBe(baseline);
    expect(gl.presets().models.length).toBeGreaterThan(0);   // still usable
  });
});

describe('model scale, shape-only', () => {
  it('T = 2^24 tokens of a 2^24-wide layer: exact byte counts, and no values allocated', async () => {
    const m = await createGraphLab();
    const r = m.runCase({ config: { d: 2 ** 24, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 2 ** 24 }, emit: LEAN, elem_bytes: 2 });
    const nk = r.fused.cost.kernels;
    const out = r.memory.lifetimes.filter(([, , end]) => end === nk);
    expect(out.length).toBe(1);
    expect(out[0][0]).toBe(2 ** 49);                           // x_out [T, d] in bf16
    expect(r.memory.lower_bound).toBeLessThanOrEqual(r.memory.greedy);
    expect(r.memory.greedy).toBeLessThanOrEqual(r.memory.naive);
    expect(Number.isSafeInteger(r.memory.naive)).toBe(true);
    // RoPE tables of 2^20 × 128 and 2^22 × 128 entries are shells: the module's memory stays small
    for (const T of [2 ** 20, 2 ** 22]) {
      const t0 = Date.now();
      m.runCase({ config: { d: 64, H: 8, G: 2, dh: 128, f: 128, mode: 'prefill', T }, emit: LEAN });
      expect(Date.now() - t0).toBeLessThan(2000);
    }
    const hs = m.heapStats();
    console.log(`model-scale shape-only runs: heap ${JSON.stringify(hs)}`);
    expect(hs.memory).toBeLessThan(64 << 20);
    expect(hs.inUse).toBe(0);
  });

  it('overflow of an element or FLOP count is GL_E_LIMIT', () => {
    for (const config of [
      { d: 2 ** 24, H: 2 ** 24, G: 1, dh: 2, f: 1, mode: 'prefill', T: 2 ** 24 },
      { d: 64, H: 64, G: 8, dh: 2 ** 24, f: 64, mode: 'prefill', T: 2 ** 24 },
      { d: 2 ** 24, H: 2 ** 24, G: 2 ** 24, dh: 2 ** 24, f: 2 ** 24, mode: 'decode', S: 2 ** 24 },
    ]) {
      expect(() => gl.runCase({ config, emit: LEAN })).toThrow(/overflows 64 bits/);
      try {
        gl.runCase({ config, emit: LEAN });
      } catch (e) {
        expect(e.code).toBe('GL_E_LIMIT');
      }
    }
    expect(gl.memoryStats()).toBe(baseline);
  });
});

describe('out of memory for real', () => {
  it('filling the 2 GiB memory (budget raised to 1 TiB) is GL_E_NOMEM, not a trap; the module recovers', async () => {
    const m = await createGraphLab();
    const ok = () => m.runCase({ config: { preset: 'small', mode: 'prefill', T: 4 }, params: { random: 1 } });
    ok();
    const base = m.memoryStats();
    // float64 RoPE tables of 12288 × 16384: 1.5 GiB each; the first fits, the second cannot
    const big = { config: { d: 2, H: 1, G: 1, dh: 16384, f: 2, mode: 'prefill', T: 12288 }, params: { random: 0 }, emit: LEAN };
    expect(() => m.runCase(big)).toThrow(/limits\.run_bytes = 268435456/);          // the default budget refuses it
    let err;
    const t0 = Date.now();
    try {
      m.runCase({ ...big, limits: { run_bytes: 2 ** 40 } });
    } catch (e) {
      err = e;
    }
    console.log(`out of memory: ${err && `${err.code}: ${err.message}`} after ${Date.now() - t0} ms; heap ${JSON.stringify(m.heapStats())}`);
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err.code).toBe('GL_E_NOMEM');
    expect(err.message).toMatch(/out of memory allocating \d+ bytes/);
    expect(m.memoryStats()).toBe(base);
    expect(ok().passes.length).toBeGreaterThan(1);
    expect(m.memoryStats()).toBe(base);
  }, 60_000);
});

// A case with one field set to v: the standard shape-only prefill (or decode, for S), with what the field needs
// around it (H = G for G, G = 1 for H, random params for inputs.random). The values stay model-scale shape-only.
function caseWith(field, v) {
  const config = { d: 64, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 4 };
  const c = { case: 'bound', config, emit: LEAN };
  const [head, key] = field.split('.');
  if (head === 'config') {
    // decode for S, and for dh (a prefill's RoPE tables need it even; a decode traces any dh)
    if (key === 'S' || key === 'dh') Object.assign(config, { mode: 'decode', T: undefined, S: 9 });
    if (key === 'G') Object.assign(config, { H: v >= 1 && v <= 2 ** 24 ? v : 8, G: v });
    else if (key === 'H') Object.assign(config, { H: v, G: 1 });
    else config[key] = v;
  } else if (head === 'device') {
    c.device = { mm_flops: 1e15, vec_flops: 1e13, bw: 1e12, launch: 4e-6, [key]: v };
  } else if (field === 'limits.run_bytes') {
    c.limits = { run_bytes: v };
  } else if (field === 'params.random') {
    c.params = { random: v };
  } else if (field === 'inputs.random') {
    c.params = { random: 0 };
    c.inputs = { random: v };
  } else {
    c[field] = v;
  }
  return c;
}

describe('meta: the limits the core publishes are the ones it enforces', () => {
  it('lists every numeric field the lab edits, with sane bounds', () => {
    const m = gl.meta();
    for (const f of ['config.d', 'config.H', 'config.G', 'config.dh', 'config.f', 'config.eps', 'config.theta', 'config.T',
      'config.S', 'config.pos0', 'config.layers', 'device.mm_flops', 'device.vec_flops', 'device.bw', 'device.launch']) {
      expect(m.limits[f], f).toBeDefined();
      expect(m.limits[f].max, f).toBeGreaterThan(m.limits[f].min);
    }
    expect(m.run_bytes).toEqual({ default: 268435456, max: 2 ** 40 });
    expect(m.input_bytes.max).toBe(2 ** 30);
    // not below what the presets and golden cases need
    expect(m.limits['config.f'].max).toBeGreaterThanOrEqual(53248);
    expect(m.limits['config.layers'].max).toBeGreaterThanOrEqual(126);
    expect(m.limits['config.theta'].max).toBeGreaterThanOrEqual(1e6);
  });

  const rows = () => Object.entries(gl.meta().limits);
  const refusal = (field, v) => {
    try {
      gl.runCase(caseWith(field, v));
    } catch (e) {
      return e;
    }
    return null;
  };
  // the next double above / below x
  const step = (x, dir) => {
    const b = new DataView(new ArrayBuffer(8));
    b.setFloat64(0, x);
    b.setBigInt64(0, b.getBigInt64(0) + (x > 0 ? BigInt(dir) : BigInt(-dir)));
    return b.getFloat64(0);
  };

  it('each bound is accepted and one step beyond it is refused, naming the field', () => {
    const checked = [];
    for (const [field, l] of rows()) {
      const values = l.values ?? null;
      const up = l.integer ? l.max + 1 : step(l.max, 1);
      const accept = values ?? [l.max, ...(l.exclusive_min ? [] : [l.min])];
      const refuse = values ? [l.min - 1, l.max + 1, ...(l.min + 1 < l.max ? [l.min + 1] : [])] : [up, l.exclusive_min ? l.min : l.min - 1];
      for (const v of accept) {
        const err = refusal(field, v);
        expect(err, `${field} = ${v} should be accepted, got ${err?.message}`).toBeNull();
      }
      for (const v of refuse) {
        const err = refusal(field, v);
        expect(err, `${field} = ${v} should be refused`).toBeInstanceOf(GraphLabError);
        expect(err.message, `${field} = ${v}`).toContain(field);
        expect(['GL_E_INVALID', 'GL_E_LIMIT']).toContain(err.code);
      }
      // just inside an exclusive minimum (the smallest positive double) is fine for the config reals
      if (l.exclusive_min && field.startsWith('config.')) expect(refusal(field, 5e-324)).toBeNull();
      checked.push(field);
    }
    expect(checked.length).toBe(rows().length);
    expect(gl.memoryStats()).toBe(baseline);
  }, 60_000);
});

describe('docs/ROBUSTNESS.md', () => {
  it('lists every row of the tables (regenerate with `node tools/robustness-doc.mjs`)', () => {
    const file = join(ROOT, 'docs', 'ROBUSTNESS.md');
    expect(existsSync(file)).toBe(true);
    const doc = readFileSync(file, 'utf8');
    const missing = [...CASE_ERRORS, ...API_ERRORS, ...HASH_ERRORS].map((r) => r[0]).filter((what) => !doc.includes(`| ${cellText(what)} |`));
    expect(missing).toEqual([]);
    const total = CASE_ERRORS.length + API_ERRORS.length + HASH_ERRORS.length;
    expect(doc).toMatch(new RegExp(`\\b${total} bad inputs\\b`));
  });
});
