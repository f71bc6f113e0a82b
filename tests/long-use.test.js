// long-use.test.js — 100,000 calls on one instance of the browser module (public/graphlab-core.*, through
// wasm/graphlab.mjs) under Node: runCase on tiny configs (shape-only and with random params and inputs),
// presets, version, and error calls of every kind (bad JSON, impossible configs, unknown methods, budget
// refusals, 64-bit overflow, shapes), in the proportions 15 / 2 / 20 / 13 / 50 % (≈30 s on 2 cores). The WASM heap must be flat: the same bytes in use after every 10,000 calls as after the
// warm-up, no growth of malloc's arena or of the memory. Heap numbers are printed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { createGraphLab, GraphLabError } from '../wasm/graphlab.mjs';
import { ROOT } from './helpers/compare.js';

const MODULE = join(ROOT, 'public', 'graphlab-core.mjs');
const TOTAL = 100_000;
const LEAN = { graphs: false, provenance: false, outputs: false, kernels: false };

// deterministic: xorshift32
function rng(seed) {
  let s = seed >>> 0 || 1;
  return (k) => {
    s ^= s << 13; s >>>= 0; s ^= s >>> 17; s ^= s << 5; s >>>= 0;
    return s % k;
  };
}

const f64 = (vals) => Buffer.from(new Float64Array(vals).buffer).toString('base64');

let gl;
beforeAll(async () => {
  if (!existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  gl = await createGraphLab();
}, 60_000);

describe('100,000 API calls on one module', () => {
  it('keep the heap flat', () => {
    const rnd = rng(20240611);
    const tiny = () => {
      const G = 1 + rnd(2);
      const H = G * (1 + rnd(2));
      const decode = rnd(3) === 0;
      return {
        d: 2 + rnd(6), H, G, dh: 2 * (1 + rnd(2)), f: 2 + rnd(6), layers: 1 + rnd(2),
        mode: decode ? 'decode' : 'prefill', ...(decode ? { S: 1 + rnd(5), masked: !!rnd(2) } : { T: 1 + rnd(4), pos0: rnd(3) }),
      };
    };
    // a concrete case: tiny prefill with random params and explicit inputs
    const concrete = (seed) => ({
      config: { d: 4, H: 2, G: 1, dh: 2, f: 4, mode: 'prefill', T: 2 }, params: { random: seed },
      inputs: { x: { shape: [2, 4], f64: f64([0.5, -1, 2, 0.25, 1, -0.5, 0.125, 3]) } }, emit: { graphs: false, provenance: false },
    });
    const ERRORS = [
      () => gl.runCase('{"config": {"d": 64,'),                                                   // parse
      () => gl.runCase({ config: { d: 8, H: 8, G: 3, dh: 2, f: 8, mode: 'prefill', T: 2 } }),     // invalid combination
      () => gl.runCase({ config: { d: 8, H: 2, G: 1, dh: 3, f: 8, mode: 'prefill', T: 2 } }),     // odd dh
      () => gl.runCase({ config: { preset: 'small', mode: 'prefill', T: 2 }, pipeline: ['cse', 'nope'] }),
      () => gl.runCase({ config: { preset: 'small', mode: 'prefill', T: 2, layers: 5000 } }),     // layer-count limit
      () => gl.runCase({ config: { preset: 'small', mode: 'prefill', T: 2 }, params: { random: 1 }, limits: { run_bytes: 4096 } }),
      () => gl.runCase({ config: { d: 2 ** 24, H: 2 ** 24, G: 1, dh: 2, f: 1, mode: 'prefill', T: 2 ** 24 }, emit: LEAN }),   // overflow
      () => gl.call('no_such_method', {}),
      () => gl.runCase('['.repeat(300)),
      () => gl.runCase({ ...concrete(1), inputs: { x: { shape: [2, 3], f64: f64([1, 2, 3, 4, 5, 6]) } } }),               // shape
    ];
    const counts = { shape_only: 0, concrete: 0, presets: 0, version: 0, errors: 0 };
    const byCode = {};
    // warm-up: every kind of call once, so malloc's free lists are in their steady state
    for (let i = 0; i < 200; i++) {
      gl.runCase({ config: tiny(), emit: LEAN });
      gl.runCase(concrete(i));
      gl.presets();
      for (const f of ERRORS) { try { f(); } catch { /* warm-up */ } }
    }
    const before = gl.heapStats();
    const samples = [];
    const t0 = Date.now();
    for (let i = 0; i < TOTAL; i++) {
      const r = rnd(100);
      if (r < 15) {
        const res = gl.runCase({ config: tiny(), emit: LEAN, elem_bytes: rnd(2) ? 2 : 4 });
        if (!res.memory) throw new Error('no memory plan in the result');
        counts.shape_only++;
      } else if (r < 17) {
        const res = gl.runCase(concrete(i));
        if (!res.outputs) throw new Error('no outputs in a concrete result');
        counts.concrete++;
      } else if (r < 37) {
        gl.presets();
        counts.presets++;
      } else if (r < 50) {
        gl.info();
        counts.version++;
      } else {
        const f = ERRORS[rnd(ERRORS.length)];
        try {
          f();
          throw new Error('an error call succeeded');
        } catch (e) {
          if (!(e instanceof GraphLabError)) throw e;
          byCode[e.code] = (byCode[e.code] ?? 0) + 1;
        }
        counts.errors++;
      }
      if (i % 10_000 === 9_999) samples.push(gl.memoryStats());
    }
    const secs = (Date.now() - t0) / 1000;
    const after = gl.heapStats();
    console.log(`long use (Node): ${TOTAL} calls in ${secs.toFixed(1)} s: ${JSON.stringify(counts)}; errors by code ${JSON.stringify(byCode)}`);
    console.log(`  heap before: ${JSON.stringify(before)}`);
    console.log(`  heap after:  ${JSON.stringify(after)}  (bytes in use every 10,000 calls: ${samples.join(', ')})`);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(TOTAL);
    expect(after.inUse).toBe(before.inUse);
    for (const s of samples) expect(s).toBe(before.inUse);
    expect(after.arena).toBeLessThanOrEqual(before.arena * 1.25 + (1 << 20));
    expect(after.memory).toBe(before.memory);
    expect(Object.keys(byCode).sort()).toEqual(['GL_E_INVALID', 'GL_E_LIMIT', 'GL_E_PARSE', 'GL_E_SHAPE']);
  }, 300_000);
});
