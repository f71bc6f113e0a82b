// native-packed.test.js — the packed result (c/src/io/case_pack.c: graphs and provenance as int32 columns;
// case_tables.c: the long tables as typed columns; stage_keys.c: the lab's node keys, layers and per-layer
// summaries) read by the browser module's own decoders (wasm/graphlab.mjs readCaseColumns, unpackCaseResult,
// unpackTables; web/result-pack.js unpackResult; web/model.js stageTable) from the NATIVE CLI's
// `graphlab case - --packed`: exactly what its plain JSON gives, on every golden case and each emit variant.
// tests/wasm-packed.test.js holds the browser module to the same; this twin needs no `make wasm`, so
// `make mutate` can judge mutants of the packer, the tables, the keys and the JavaScript that reads them.
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

import { nativeModule } from './helpers/native-module.js';
import { ROOT } from './helpers/compare.js';
import { packResult, unpackResult, buffersOf, tableLength, tableRow, tableGet, PACKED_TABLES } from '../web/result-pack.js';
import { stageTable } from '../web/model.js';
import { summarizeColumns } from '../web/views/graph/layer-index.js';
import { caseFromState, defaultState, withPatch } from '../web/state.js';

const noTiming = (r) => {
  const c = { ...r };
  delete c.timing_ms;
  return JSON.stringify(c);
};

function goldenCases() {
  const out = [];
  for (const dir of [join(ROOT, 'tests', 'fixtures'), join(ROOT, 'tests', 'golden')]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.json')) continue;
      let j;
      try { j = JSON.parse(readFileSync(join(dir, f), 'utf8')); } catch { continue; }
      const c = j.case && typeof j.case === 'object' ? j.case : j.config || j.program ? j : null;
      if (c) out.push([f, c]);
    }
  }
  return out;
}

const withoutGraphs = (r) => {
  const c = { ...r };
  delete c.graphs;
  delete c.provenance;
  delete c.blocks;   // (the columns carry them in the keys part)
  return c;
};
function page(result, packed) {
  const r = { ...result };
  delete r.timing_ms;
  const moved = structuredClone(packed, { transfer: buffersOf(packed) });
  return unpackResult(JSON.parse(JSON.stringify(r)), moved);
}
function readAll(p) {
  for (const path of PACKED_TABLES) {
    const holder = path.length > 1 ? p[path[0]] : p;
    const key = path[path.length - 1];
    if (!holder) continue;
    const n = tableLength(holder, key);
    const at = [0, 1, n >> 1, n - 1].filter((i) => i >= 0 && i < n);
    const rows = at.map((i) => tableRow(holder, key, i));
    const whole = holder[key];
    if (Array.isArray(whole)) expect(rows).toEqual(at.map((i) => whole[i]));
    if (key === 'greedy_offsets' || key === 'lab_values') {
      expect([0, 1, 7, 40].map((id) => tableGet(holder, key, id)))
        .toEqual([0, 1, 7, 40].map((id) => (whole && Object.hasOwn(whole, id) ? whole[id] : undefined)));
    }
  }
  return p;
}
const fromJson = (plain) => {
  const r = JSON.parse(JSON.stringify(withoutGraphs(plain)));
  const { packed } = packResult(r);
  return readAll(page(r, packed));
};
const fromColumns = ({ result, tables }) => readAll(page(withoutGraphs(result), tables));

const small = { d: 64, H: 8, G: 2, dh: 8, f: 128 };
// three kernels: matmul, the softmax (its reason: kernel 0 takes no row-wise epilogue), matmul
const SOFTMAX_AFTER_MATMUL = { program: 'from graph_lab import F, trace\ng = trace(lambda x, w: F.softmax(x @ w, -1) @ w, {"x": (4, 4), "w": (4, 4)})\n' };

describe('native: the packed result is the plain JSON', () => {
  let gl;
  beforeAll(() => { gl = nativeModule(); });

  it('on every golden case', () => {
    let ran = 0;
    for (const [name, c] of goldenCases()) {
      let plain;
      try {
        plain = gl.runCase(c);
      } catch (err) {
        expect(() => gl.runCasePacked(c), name).toThrow(err.message);
        continue;
      }
      expect(noTiming(gl.runCasePacked(c)), name).toBe(noTiming(plain));
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(20);
  });

  it('with each part left out, a program, symbolic dims, sizes past int32 and shapes only', () => {
    const variants = [
      { config: { ...small, T: 12, mode: 'prefill', layers: 2 } },
      { config: { ...small, S: 16, mode: 'decode', layers: 1 }, emit: { provenance: false } },
      { config: { ...small, T: 5, mode: 'prefill', layers: 1 }, emit: { graphs: false } },
      { config: { ...small, T: 5, mode: 'prefill', layers: 1 }, emit: { graphs: false, provenance: false } },
      { config: { preset: 'llama3.1-405b', mode: 'prefill', T: 32768, layers: 2 }, emit: { plans: true } },
      { config: { ...small, S: 16, mode: 'decode', layers: 2 }, emit: { graphs: 'shapes' } },
      { config: { ...small, T: 5, mode: 'prefill', layers: 3 }, emit: { graphs: 'shapes', provenance: false } },
      { config: { ...small, T: 3, mode: 'prefill', layers: 1 }, pipeline: [] },
      { program: 'from graph_lab import F, trace\nprint("héllo")\ng = trace(lambda x, w: F.softmax(x @ w, -1), {"x": (4, 8), "w": (8, 8)})\n' },
    ];
    for (const c of variants) expect(noTiming(gl.runCasePacked(c)), JSON.stringify(c)).toBe(noTiming(gl.runCase(c)));
  });

  it('shapes only: the full answer\'s shapes, attrs and fingerprints; the fingerprints hold across sizes only', () => {
    const fps = (c) => gl.runCaseColumns(c).fingerprints;
    for (const config of [{ ...small, S: 16, mode: 'decode', layers: 2 }, { ...small, T: 9, mode: 'prefill', layers: 3 }]) {
      const full = gl.runCase({ config }), shapes = gl.runCase({ config, emit: { graphs: 'shapes' } });
      const fp = fps({ config });
      Object.entries(full.graphs).forEach(([key, g], i) => {
        expect(shapes.graphs[key].fingerprint).toBe(fp[i]);
        expect(shapes.graphs[key].shapes).toEqual(g.nodes.map((nd) => nd[4]));
      });
      expect(new Set(fp).size).toBe(fp.length);
      const sized = { ...config, d: 128, dh: 16, f: 256, ...(config.mode === 'decode' ? { S: 33 } : { T: 2 }) };
      expect(fps({ config: sized })).toEqual(fp);
      expect(fps({ config: { ...config, layers: config.layers + 1 } })).not.toEqual(fp);
      expect(fps({ config, pipeline: ['cse', 'decompose'] })[1]).not.toBe(fp[1]);
    }
  });

  it('a fingerprint tells apart graphs that differ only in their wiring or their names', () => {
    const prog = (body, inputs) => ({ program: `from graph_lab import F, trace\ng = trace(${body}, ${inputs})\n` });
    const fp0 = (c) => gl.runCaseColumns(c).fingerprints[0];
    const xy = '{"x": (2,), "y": (2,)}';
    const a = fp0(prog('lambda x, y: x - y', xy));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(fp0(prog('lambda x, y: x - y', xy))).toBe(a);                        // the same program: the same
    expect(fp0(prog('lambda x, y: y - x', xy))).not.toBe(a);                    // inputs swapped
    expect(fp0(prog('lambda a, b: a - b', '{"a": (2,), "b": (2,)}'))).not.toBe(a);   // names changed
    expect(fp0(prog('lambda x, y: x - y', '{"x": (3,), "y": (3,)}'))).toBe(a);  // sizes only: the same
  });

  it('the tables: a why.candidate of kernel 0 is 0, not "none" (a softmax after a matmul: the epilogue it could not join)', () => {
    const p = fromColumns(gl.runCaseColumns(SOFTMAX_AFTER_MATMUL));
    expect([0, 1, 2].map((i) => tableRow(p.fused, 'kernels', i).why)).toEqual([
      { reason: 'special', candidate: null, saved_bytes: 0 },
      { reason: 'epilogue', candidate: 0, saved_bytes: 64 },
      { reason: 'special', candidate: null, saved_bytes: 0 },
    ]);
  });

  it('the tables\' columns give the page what the JSON gave', () => {
    const cases = goldenCases().map(([, c]) => c);
    cases.push({ config: { ...small, S: 16, mode: 'decode', layers: 2 }, emit: { plans: true } },
      { config: { ...small, S: 16, mode: 'decode', layers: 1 }, bind: { S: 9, P: 8 }, emit: { plans: true, graphs: false } },
      { config: { ...small, T: 7, mode: 'prefill', layers: 2 }, emit: { kernels: false, plans: true } },
      { config: { ...small, T: 7, mode: 'prefill', layers: 1 }, emit: { provenance: false, outputs: false } },
      { config: { preset: 'llama3.1-405b', mode: 'prefill', T: 32768, layers: 2 }, emit: { plans: true } },
      SOFTMAX_AFTER_MATMUL);
    let ran = 0;
    for (const c of cases) {
      let plain;
      try {
        plain = gl.runCase(c);
      } catch {
        continue;
      }
      const cols = gl.runCaseColumns(c);
      expect(Object.keys(cols.result)).toEqual(Object.keys(withoutGraphs(plain)));
      expect(fromColumns(cols), JSON.stringify(c).slice(0, 100)).toEqual(fromJson(plain));
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(25);
  });

  it('the core\'s keys, layers and summaries are model.js\'s, column for column', () => {
    const cases = goldenCases().map(([, c]) => c);
    for (const patch of [{ cfg: { layers: 6 } }, { cfg: { mode: 'decode', layers: 3 } }, { pipeline: ['cse', 'dce', 'cse', 'decompose', 'cse'] },
      { pipeline: [] }, { pipeline: ['decompose', 'constant_fold', 'simplify', 'dce'] }]) cases.push(caseFromState(withPatch(defaultState(), patch)));
    let ran = 0;
    for (const c of cases) {
      let cols;
      try {
        cols = gl.runCaseColumns(c);
      } catch {
        continue;
      }
      expect(cols.keys.length).toBe(cols.graphs.length);
      const core = stageTable(cols.result, cols), js = stageTable(cols.result, { ...cols, keys: [] });
      for (let i = 0; i < js.stages.length; i++) {
        const a = core.stages[i], b = js.stages[i], at = `${JSON.stringify(c).slice(0, 80)} stage ${i}`;
        for (const k of ['keyStage', 'keyId', 'layer', 'how', 'fromStart', 'from']) expect(a[k] && Array.from(a[k]), `${at} ${k}`).toEqual(b[k] && Array.from(b[k]));
        expect([a.usable, a.changed], at).toEqual([b.usable, b.changed]);
        expect(a.summary, `${at} summary`).toStrictEqual(summarizeColumns(js, b));
      }
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(25);
  });
});
