// wasm-packed.test.js — runCasePacked (the lab's analysis: graphs and provenance as int32 columns after the
// JSON, c/src/io/case_pack.c) gives exactly the object runCase gives — the same keys in the same order, the
// same graphs and provenance — for every golden case, a program case and a 126-layer stack.
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGraphLab, GraphLabError, unpackCaseResult } from '../wasm/graphlab.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const noTiming = (r) => {
  const c = { ...r };
  delete c.timing_ms;
  return JSON.stringify(c);
};

function goldenCases() {
  const out = [];
  for (const dir of [join(ROOT, 'tests', 'fixtures'), join(ROOT, 'tests', 'golden')]) {
    if (!existsSync(dir)) continue;
    const walk = (p) => {
      for (const f of readdirSync(p, { withFileTypes: true })) {
        const q = join(p, f.name);
        if (f.isDirectory()) walk(q);
        else if (f.name.endsWith('.json')) out.push(q);
      }
    };
    walk(dir);
  }
  return out.flatMap((f) => {
    let j;
    try { j = JSON.parse(readFileSync(f, 'utf8')); } catch { return []; }
    const c = j.case && typeof j.case === 'object' ? j.case : j.config || j.program ? j : null;
    return c ? [[f.slice(ROOT.length + 1), c]] : [];
  });
}

describe('runCasePacked', () => {
  let gl;
  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'public', 'graphlab-core.wasm'))) throw new Error('public/graphlab-core.wasm is missing: run make wasm');
    gl = await createGraphLab();
  });

  it('equals runCase on every golden case the module runs', () => {
    const cases = goldenCases();
    let ran = 0;
    for (const [name, c] of cases) {
      let plain;
      try {
        plain = gl.runCase(c);
      } catch (err) {
        // a case the core refuses is refused the same way, with the same message
        expect(() => gl.runCasePacked(c), name).toThrow(err.message);
        continue;
      }
      expect(noTiming(gl.runCasePacked(c)), name).toBe(noTiming(plain));
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(20);
  });

  it('equals runCase with each part left out, for a program, symbolic dims and 126 layers', () => {
    const program = 'def f(x, w):\n    return (x @ w).softmax(-1)\n';
    const variants = [
      { config: { d: 64, H: 8, G: 2, dh: 8, f: 128, T: 12, mode: 'prefill', layers: 2 } },
      { config: { d: 64, H: 8, G: 2, dh: 8, f: 128, S: 16, mode: 'decode', layers: 1 }, emit: { provenance: false } },
      { config: { d: 64, H: 8, G: 2, dh: 8, f: 128, T: 5, mode: 'prefill', layers: 1 }, emit: { graphs: false } },
      { config: { preset: 'llama3.1-405b', mode: 'prefill', T: 2048, layers: 126 }, emit: { graphs: true, provenance: true, plans: true } },
    ];
    for (const c of variants) expect(noTiming(gl.runCasePacked(c)), JSON.stringify(c)).toBe(noTiming(gl.runCase(c)));
    let prog;
    try {
      prog = gl.runCase({ program, inputs: { x: [4, 8], w: [8, 8] } });
    } catch {
      prog = null;
    }
    if (prog) expect(noTiming(gl.runCasePacked({ program, inputs: { x: [4, 8], w: [8, 8] } }))).toBe(noTiming(prog));
  });

  it('refuses bad input like runCase does, and the module still works', () => {
    expect(() => gl.runCasePacked('{"config": {"d": -1}}')).toThrow(GraphLabError);
    expect(() => gl.runCasePacked('not json')).toThrow(GraphLabError);
    expect(gl.runCasePacked({ config: { d: 64, H: 8, G: 2, dh: 8, f: 128, T: 12, mode: 'prefill', layers: 1 } }).passes.length).toBeGreaterThan(1);
  });

  it('a damaged packed answer is an error, not a wrong result', () => {
    expect(() => unpackCaseResult(new Uint8Array(8))).toThrow(/GLB1/);
    const ok = new TextEncoder().encode('GLB1');
    const buf = new Uint8Array(16);
    buf.set(ok);
    new DataView(buf.buffer).setUint32(4, 2, true);
    buf.set(new TextEncoder().encode('{}'), 8);
    expect(() => unpackCaseResult(buf)).toThrow();
  });
});
