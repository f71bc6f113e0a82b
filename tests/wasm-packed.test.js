// wasm-packed.test.js — runCasePacked (the lab's analysis: graphs and provenance as int32 columns after the
// JSON, c/src/io/case_pack.c) gives exactly the object runCase gives — the same keys in the same order, the
// same graphs and provenance — for every golden case, a program case and a 126-layer stack. And the long
// tables as the core's typed columns (runCaseColumns, c/src/io/case_tables.c) give the page, through its
// unpackResult, what it got from the same tables' JSON re-encoded in JS (web/result-pack.js packResult), and
// the lab's analysis (web/analysis-core.js) read off them gives what it gave from the JSON.
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGraphLab, GraphLabError, unpackCaseResult, unpackTables } from '../wasm/graphlab.mjs';
import { packResult, unpackResult, buffersOf, tableLength, tableRow, tableGet, PACKED_TABLES } from '../web/result-pack.js';
import { analyzeCase } from '../web/analysis-core.js';
import { buildStages } from '../web/model.js';
import { caseFromState, defaultState, withPatch } from '../web/state.js';

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

// What the page holds of a result: its JSON parsed and the packed tables put back (each decoded, by reading
// it); `packed` crosses a structured clone with its buffers transferred, as postMessage moves them.
function page(result, packed) {
  const r = { ...result };
  delete r.timing_ms;
  const moved = structuredClone(packed, { transfer: buffersOf(packed) });
  return unpackResult(JSON.parse(JSON.stringify(r)), moved);
}
// the same, each table read through tableLength / tableRow / tableGet first (the views' row access), then whole
function readAll(p) {
  for (const path of PACKED_TABLES) {
    const holder = path.length > 1 ? p[path[0]] : p;
    const key = path[path.length - 1];
    if (!holder) continue;
    const n = tableLength(holder, key);
    const rows = [0, 1, n >> 1, n - 1].filter((i) => i >= 0 && i < n).map((i) => tableRow(holder, key, i));
    const some = key === 'greedy_offsets' || key === 'lab_values' ? [0, 1, 7, 40].map((id) => tableGet(holder, key, id)) : null;
    const whole = holder[key];
    if (Array.isArray(whole)) expect(rows).toEqual([0, 1, n >> 1, n - 1].filter((i) => i >= 0 && i < n).map((i) => whole[i]));
    if (some) expect(some).toEqual([0, 1, 7, 40].map((id) => whole && Object.hasOwn(whole, id) ? whole[id] : undefined));
  }
  return p;
}
// the page's result from runCase's JSON (the tables re-encoded by packResult) and from the core's columns
const fromJson = (plain) => {
  const r = JSON.parse(JSON.stringify(withoutGraphs(plain)));
  const { packed } = packResult(r);
  return readAll(page(r, packed));
};
// (without the graphs and provenance: runCaseColumns hands those as int32 columns, and the page never gets them)
const withoutGraphs = (r) => {
  const c = { ...r };
  delete c.graphs;
  delete c.provenance;
  delete c.blocks;   // (the columns carry them in the keys part)
  return c;
};
const fromColumns = ({ result, tables }) => readAll(page(withoutGraphs(result), tables));

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
      // emit.graphs "shapes": per stage {fingerprint, shapes, attrs} (symbols too), with and without provenance
      { config: { d: 64, H: 8, G: 2, dh: 8, f: 128, S: 16, mode: 'decode', layers: 2 }, emit: { graphs: 'shapes' } },
      { config: { d: 64, H: 8, G: 2, dh: 8, f: 128, T: 5, mode: 'prefill', layers: 3 }, emit: { graphs: 'shapes', provenance: false } },
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

  it('emit.graphs "shapes": the full answer\'s shapes, attrs and fingerprints; the fingerprints hold across sizes only', () => {
    const small = { d: 64, H: 8, G: 2, dh: 8, f: 128 };
    const fps = (c) => gl.runCaseColumns(c).fingerprints;
    for (const config of [{ ...small, S: 16, mode: 'decode', layers: 2 }, { ...small, T: 9, mode: 'prefill', layers: 3 }]) {
      const full = gl.runCase({ config }), shapes = gl.runCase({ config, emit: { graphs: 'shapes' } });
      const fp = fps({ config });
      expect(Object.keys(shapes.graphs)).toEqual(Object.keys(full.graphs));
      Object.entries(full.graphs).forEach(([key, g], i) => {
        expect(shapes.graphs[key].fingerprint).toBe(fp[i]);
        expect(shapes.graphs[key].shapes).toEqual(g.nodes.map((nd) => nd[4]));
        expect(shapes.graphs[key].attrs).toEqual(g.nodes.map((nd) => nd[3]));
      });
      expect(fp).toHaveLength(full.passes.length);
      expect(new Set(fp).size).toBe(fp.length);                         // every stage its own
      // other sizes: the same structure; another layer count, mode or pipeline: another
      const sized = { ...config, d: 128, dh: 16, f: 256, ...(config.mode === 'decode' ? { S: 33 } : { T: 2 }) };
      expect(fps({ config: sized })).toEqual(fp);
      expect(fps({ config: { ...config, layers: config.layers + 1 } })).not.toEqual(fp);
      expect(fps({ config, pipeline: ['cse', 'decompose'] }).slice(0, 1)).toEqual(fp.slice(0, 1));   // the same trace
      expect(fps({ config, pipeline: ['cse', 'decompose'] })[1]).not.toBe(fp[1]);
    }
    expect(() => gl.runCase({ config: { ...small, T: 3, mode: 'prefill' }, emit: { graphs: 'nodes' } })).toThrow(/emit\.graphs/);
  });

  it('the core\'s table columns give the page what the JSON gave, on every golden case', () => {
    let ran = 0;
    for (const [name, c] of goldenCases()) {
      let plain;
      try {
        plain = gl.runCase(c);
      } catch {
        continue;
      }
      const cols = gl.runCaseColumns(c);
      expect(cols.tables.map((t) => t.path.join('.')), name).toEqual(PACKED_TABLES.map((p) => p.join('.'))
        .filter((p) => p !== 'lab_kernels' && p !== 'lab_values' && (plain.memory && plain.memory.live || !/order|naive_off|live/.test(p)))
        .filter((p) => !/kernels/.test(p) || (plain.fused && plain.fused.kernels)));
      expect(Object.keys(cols.result)).toEqual(Object.keys(withoutGraphs(plain)));
      expect(fromColumns(cols), name).toEqual(fromJson(plain));
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(20);
  });

  it('the same with symbolic dims, each emit variant, and 405B x 126 with the plans', () => {
    const small = { d: 64, H: 8, G: 2, dh: 8, f: 128 };
    const variants = [
      { config: { ...small, S: 16, mode: 'decode', layers: 2 }, emit: { plans: true } },
      { config: { ...small, S: 16, mode: 'decode', layers: 1 }, bind: { S: 9, P: 8 }, emit: { plans: true, graphs: false } },
      { config: { ...small, T: 7, mode: 'prefill', layers: 2 }, emit: { kernels: false, plans: true } },
      { config: { ...small, T: 7, mode: 'prefill', layers: 1 }, emit: { provenance: false, outputs: false } },
      { config: { ...small, T: 3, mode: 'prefill', layers: 1 }, pipeline: [] },
      { config: { preset: 'llama3.1-405b', mode: 'prefill', T: 32768, layers: 2 }, emit: { plans: true } },   // sizes past int32
      { config: { preset: 'llama3.1-405b', mode: 'prefill', T: 2048, layers: 126 }, emit: { graphs: false, provenance: false, plans: true } },
    ];
    for (const c of variants) {
      const plain = gl.runCase(c);
      expect(fromColumns(gl.runCaseColumns(c)), JSON.stringify(c)).toEqual(fromJson(plain));
    }
    // the 405B stack's tables are what the page reads first: 6,559 eager kernels' rows, their numbers exact
    const c = variants[variants.length - 1];
    const { tables } = gl.runCaseColumns(c);
    const plain = gl.runCase(c);
    const eager = tables.find((t) => t.path.join('.') === 'eager.kernels').table.rows;
    expect(eager.n).toBe(plain.eager.kernels.length);
    expect(eager.n).toBeGreaterThan(5000);
    const reads = eager.cols[eager.keys.indexOf('reads')];
    expect(reads.data).toBeInstanceOf(Float64Array);
    expect(Array.from(reads.data)).toEqual(plain.eager.kernels.map((k) => k.reads));
  });

  it('the lab\'s analysis of the columns gives the page what its analysis of the JSON gave, fresh and reused', () => {
    // a module whose answer carries the tables as JSON (analysis-core.js re-encodes them with packResult)
    const jsonLab = { runCasePacked: (c) => gl.runCasePacked(c) };
    const noTime = (text) => { const r = JSON.parse(text); delete r.timing_ms; return JSON.stringify(r); };
    const cfg405 = { d: 16384, H: 128, G: 8, dh: 128, f: 53248, eps: 0.00001, theta: 500000, layers: 126, T: 2048 };
    const states = [
      withPatch(defaultState(), {}),
      withPatch(defaultState(), { cfg: { mode: 'decode', layers: 3 } }),
      withPatch(defaultState(), { cfg: { layers: 40 } }),
      withPatch(defaultState(), { cfg: cfg405 }),
    ];
    for (const st of states) {
      let prevCols = null, prevJson = null;
      for (const v of [{}, { eb: 4 }, { dev: 'a100' }]) {
        const c = caseFromState(withPatch(st, v));
        const a = analyzeCase(gl, c, prevCols), b = analyzeCase(jsonLab, c, prevJson);
        expect(a.reused).toBe(b.reused);
        expect(noTime(a.resultText)).toBe(noTime(b.resultText));   // lab_places, costs, passes: the same text
        const pa = readAll(unpackResult(JSON.parse(a.resultText), structuredClone(a.packed, { transfer: a.transfer })));
        const pb = readAll(unpackResult(JSON.parse(b.resultText), b.packed));
        delete pa.timing_ms;
        delete pb.timing_ms;
        expect(pa, JSON.stringify(v)).toEqual(pb);
        // and the core's facts (names, values' facts, roofline places, footprint) as its plain JSON carries them
        const plain = gl.runCase(c);
        expect(pa.lab_kernels).toEqual(plain.lab_kernels);
        expect(pa.lab_values).toEqual(plain.lab_values);
        expect(pa.lab_places).toEqual(plain.lab_places);
        expect(pa.lab_run_footprint).toEqual(plain.lab_run_footprint);
        prevCols = a.keep;
        prevJson = b.keep;
      }
    }
  });

  it('a damaged tables section is an error, not a wrong result', () => {
    expect(() => unpackTables(new Uint8Array(8))).toThrow(/GLT1/);
    const schema = new TextEncoder().encode('[{"path": ["memory", "live"], "table": {"t": "rows", "rows": {"t": "f64", "n": 4, "data": 0}}}]');
    const buf = new Uint8Array((8 + schema.length + 7 & ~7) + 16);
    buf.set(new TextEncoder().encode('GLT1'));
    new DataView(buf.buffer).setUint32(4, schema.length, true);
    buf.set(schema, 8);
    expect(() => unpackTables(buf)).toThrow(/past the end/);   // 4 doubles in 16 bytes
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
