// stage-columns.test.js — the lab's stages read off the packed int32 columns (web/model.js stageTable,
// collapse.js pageStages / tableSlices, through analysis-core.js analyzeCase on the WASM module) and the core's
// lab facts (c/src/io/lab_facts.c: kernel names, values, run footprint) give the page exactly what the object
// path gave: the same stages (keys, layers, how / from, changed, per-layer summaries), layer slices, kernel
// names, values and run footprint.
// The expected values are the earlier object path's (tests/web/oracle/stages-v1.js, kept verbatim) on the
// native CLI's JSON result of the same case: every golden case, 40-layer stacks (summarised), decode cases
// (symbolic dims) and the 126-layer Llama-3.1-405B; also after a change of sizes only, which reuses the last
// table's keys and layers, and with the CLI's JSON as the lab (columnsOf, the path without the module).
import { describe, it, expect, beforeAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as oracle from './oracle/stages-v1.js';
import { analyzeCase } from '../../web/analysis-core.js';
import { stageTable, columnsOf, buildStages } from '../../web/model.js';
import { tableSlices, LITE_NODES } from '../../web/views/graph/collapse.js';
import { summarizeColumns } from '../../web/views/graph/layer-index.js';
import { unpackResult } from '../../web/result-pack.js';
import { runFootprint } from '../../web/run-budget.js';
import { caseFromState, defaultState, withPatch } from '../../web/state.js';
import { loadBrowserModule } from '../helpers/browser-module.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = path.join(REPO, 'build', 'graphlab');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-columns-'));

// the native CLI's result of a case file, or of a case object (written to a file)
function cli(fileOrCase) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  let file = fileOrCase;
  if (typeof fileOrCase !== 'string') {
    file = path.join(TMP, 'case.json');
    fs.writeFileSync(file, JSON.stringify(fileOrCase));
  }
  return JSON.parse(execFileSync(NATIVE, ['case', file, '--compact'], { maxBuffer: 1 << 30 }).toString());
}

function goldenFiles() {
  const out = [];
  for (const dir of ['tests/fixtures', 'tests/golden']) {
    for (const f of fs.readdirSync(path.join(REPO, dir))) {
      if (!f.endsWith('.json')) continue;
      const j = JSON.parse(fs.readFileSync(path.join(REPO, dir, f), 'utf8'));
      const c = j.case && typeof j.case === 'object' ? j.case : j.config || j.program ? j : null;
      if (c) out.push([`${dir}/${f}`, { ...c, emit: { ...(c.emit || {}), lab: true } }]);
    }
  }
  return out;
}

// What the page received from the object path for a CLI result: its stages (summarised past LITE_NODES),
// the layer slices, the fused kernels' names and the run footprint.
function expected(result) {
  const stages = oracle.buildStages(result);
  const lite = stages.some((s) => s.nodes.length > LITE_NODES);
  const last = stages[stages.length - 1];
  return {
    stages, lite, page: lite ? stages.map(oracle.liteStage) : stages,
    kernels: last ? oracle.describeKernels(result.fused && result.fused.kernels, last.nodes, last.outputs) : [],
    footprint: oracle.runFootprint(result),
    // the values' ops, shapes and bytes (lab_values) on the CLI's node objects
    values: last ? valuesOf(result.fused && result.fused.kernels, last.nodes, result.elem_bytes, result.bind) : {},
    slices: (layer) => stages.map((s) => oracle.layerSlice(s, layer)),
    blocks: result.blocks || null,
  };
}

// The nodes' builder blocks came after the object path (the oracle has none): read off the page's node
// objects by stage key, to be compared with the CLI's own "blocks" (c/src/io/case_write.c w_blocks), and the
// page compared without them. The page's objects are the lab's (reused by the next analysis): copied, never
// changed.
function blocksOf(page) {
  const blocks = {};
  for (const s of page) {
    if (s && Array.isArray(s.nodes) && s.nodes.some((n) => n && 'block' in n)) blocks[s.key] = s.nodes.map((n) => n.block);
  }
  return blocks;
}

function withoutBlocks(x, seen = new Map()) {
  if (!x || typeof x !== 'object' || ArrayBuffer.isView(x)) return x;
  if (seen.has(x)) return seen.get(x);
  let out;
  if (Array.isArray(x)) {
    out = [];
    seen.set(x, out);
    for (const v of x) out.push(withoutBlocks(v, seen));
  } else if (x instanceof Map) {
    out = new Map();
    seen.set(x, out);
    for (const [k, v] of x) out.set(k, withoutBlocks(v, seen));
  } else if (x instanceof Set || Object.getPrototypeOf(x) !== Object.prototype) {
    return x;
  } else {
    out = {};
    seen.set(x, out);
    for (const [k, v] of Object.entries(x)) if (!(k === 'block' && 'op' in x)) out[k] = withoutBlocks(v, seen);
  }
  return out;
}

// {id: [op, shape, bytes]} of the fused kernels' values: elements (a symbol's from bind) × element size, null
// when a dimension is unbound
function valuesOf(kernels, nodes, eb, bind = {}) {
  const out = {};
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const k of kernels || []) {
    for (const id of k.nodes) {
      const n = byId.get(id);
      const b = n.shape.reduce((a, d) => a * (typeof d === 'number' ? d : Number(bind[d])), eb);
      if (n) out[id] = [n.op, n.shape, Number.isFinite(b) ? b : null];
    }
  }
  return out;
}

// The layers to open: all of a small stack, a few of a big one (each slice reads every stage whole).
function layersOf(want, all) {
  const n = want.stages.length ? oracle.layerCount(want.stages[0]) : 0;
  const every = [-1, ...Array.from({ length: n }, (_, i) => i)];
  return all || n <= 40 ? every : [-1, 0, 1, Math.floor(n / 2), n - 1, n];
}

// The new path's output for the page, as the page decodes it (analysis.js runInline).
function received(out) {
  const result = unpackResult(JSON.parse(out.resultText), out.packed);
  // (the chart's short names are the core's alone: tests/web/kernel-names.test.js)
  const kernels = result.lab_kernels && Array.from(result.lab_kernels, ({ short: _s, ...k }) => k);
  return { page: out.stages, lite: out.lite, kernels, footprint: result.lab_run_footprint, values: result.lab_values };
}

function check(name, out, want, opts = {}) {
  const got = received(out);
  expect(got.lite, name).toBe(want.lite);
  const blocks = blocksOf(got.page);
  got.page = withoutBlocks(got.page);
  if (!want.lite && want.blocks) {
    for (const [key, list] of Object.entries(blocks)) expect(list, `${name}: blocks of ${key}`).toStrictEqual(want.blocks[key]);
    expect(Object.keys(blocks).length, name).toBe(got.page.length);
  }
  expect(got.page, name).toStrictEqual(want.page);
  expect(got.kernels, name).toStrictEqual(want.kernels);
  expect(got.footprint, name).toStrictEqual(want.footprint);
  expect(got.values, name).toStrictEqual(want.values);
  for (const layer of layersOf(want, opts.allLayers)) {
    const slices = withoutBlocks(tableSlices(out.table, layer));
    expect(slices, `${name}, layer ${layer}`).toStrictEqual(want.slices(layer));
  }
}

const PRESET_405B = { d: 16384, H: 128, G: 8, dh: 128, f: 53248, eps: 0.00001, theta: 500000 };

describe('stages read off the packed columns equal the object path on the CLI\'s results', () => {
  let gl;
  beforeAll(async () => {
    gl = await loadBrowserModule();
  });

  it('every golden case (prefill, decode with symbolic S, stacks, fp32)', () => {
    let ran = 0;
    for (const [name, c] of goldenFiles()) {
      let want;
      try {
        want = expected(cli(c));
      } catch {
        continue;      // a case the CLI refuses (tests/cli-errors covers those)
      }
      check(name, analyzeCase(gl, c), want, { allLayers: true });
      ran++;
    }
    expect(ran).toBeGreaterThanOrEqual(25);
  });

  it('the core\'s keys, layers and summaries (c/src/io/stage_keys.c) are model.js\'s and layer-index.js\'s, column for column', () => {
    const cases = goldenFiles().map(([, c]) => c);
    for (const patch of [{ cfg: { layers: 40 } }, { cfg: { mode: 'decode', layers: 5 } }, { pipeline: ['cse', 'dce', 'cse', 'decompose', 'cse'] },
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
    expect(ran).toBeGreaterThanOrEqual(30);
  });

  it('40-layer stacks (summarised per layer) and a decode stack', () => {
    for (const patch of [{ cfg: { layers: 40 } }, { cfg: { mode: 'decode', layers: 40 } }, { cfg: { mode: 'decode', layers: 3 } }]) {
      const c = caseFromState(withPatch(defaultState(), patch));
      const want = expected(cli(c));
      if (patch.cfg.layers === 40) expect(want.lite).toBe(true);
      check(JSON.stringify(patch), analyzeCase(gl, c), want, { allLayers: true });
    }
  });

  it('a change of sizes only reuses the last table\'s keys and layers, and gives what a fresh analysis gives', () => {
    const st = withPatch(defaultState(), { cfg: { layers: 40 } });
    let keep = analyzeCase(gl, caseFromState(st)).keep;
    for (const patch of [{ cfg: { T: 96 } }, { cfg: { T: 7 } }, { cfg: { d: 128, f: 384 } }]) {
      const c = caseFromState(withPatch(st, patch));
      const out = analyzeCase(gl, c, keep);
      expect(out.reused).toBe(false);
      expect(out.sized, JSON.stringify(patch)).toBe(true);                                           // shapes only asked for
      expect(out.table.stages[3].layer, JSON.stringify(patch)).toBe(keep.table.stages[3].layer);   // reused, not rebuilt
      // the per-layer summaries are the last ones: the page keeps its own (none are sent)
      expect(out.keptStages).toBe(true);
      expect(out.stages).toBe(keep.stages);
      check(JSON.stringify(patch), out, expected(cli(c)));
      keep = out.keep;
    }
    // another structure (two layers fewer) is rebuilt
    const c = caseFromState(withPatch(st, { cfg: { layers: 38 } }));
    const out = analyzeCase(gl, c, keep);
    expect(out.table.stages[3].layer).not.toBe(keep.table.stages[3].layer);
    check('38 layers', out, expected(cli(c)));
  });

  it('a change of sizes on symbolic dims, whole stages and a run of changes: the shapes-only path, as fresh', () => {
    // decode (S symbolic: the shapes answer's symbols index its own strings), 3 layers (stages sent whole: their
    // node objects carry the new shapes and attrs), then back and forth, each from the last shapes-only table
    for (const base of [{ cfg: { mode: 'decode', layers: 3 } }, { cfg: { mode: 'decode', layers: 40 } }, { cfg: { layers: 1 } }]) {
      const st = withPatch(defaultState(), base);
      let keep = analyzeCase(gl, caseFromState(st)).keep;
      for (const patch of [{ cfg: { d: 128, dh: 16, f: 384 } }, { cfg: { T: 3 } }, { cfg: { pos0: 4, eps: 0.001 } }, { cfg: { d: 64, f: 96 } }, {}]) {
        const c = caseFromState(withPatch(st, patch));
        const name = `${JSON.stringify(base)} ${JSON.stringify(patch)}`;
        const out = analyzeCase(gl, c, keep);
        expect(out.sized, name).toBe(true);
        expect(out.keptStages, name).toBe(!!out.lite);
        check(name, out, expected(cli(c)), { allLayers: true });
        keep = out.keep;
      }
      // then element bytes (the graphs not asked for: the shapes-only table stands), then a size again
      for (const patch of [{ eb: 4 }, { eb: 4, cfg: { T: 5, S: 21 } }]) {
        const c = caseFromState(withPatch(st, patch));
        const out = analyzeCase(gl, c, keep);
        expect(out.reused || out.sized, JSON.stringify(patch)).toBe(true);
        check(`${JSON.stringify(base)} then ${JSON.stringify(patch)}`, out, expected(cli(c)), { allLayers: true });
        keep = out.keep;
      }
    }
    // the shapes answer of a decode case has symbolic dims (what the test above reads through the offset)
    const c = caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', layers: 3 } }));
    const ans = gl.runCaseColumns({ ...c, emit: { ...c.emit, graphs: 'shapes', provenance: false } });
    expect(ans.graphs.some((g) => g.nsym > 0)).toBe(true);
  });

  it('a fingerprint that differs (another structure) is asked again in full, and gives what a fresh analysis gives', () => {
    const st = withPatch(defaultState(), { cfg: { layers: 40 } });
    const first = analyzeCase(gl, caseFromState(st));
    // the last table as if another structure had made it: one stage's fingerprint off
    const fps = [...first.keep.table.fingerprints];
    fps[4] = fps[4].replace(/^./, (ch) => (ch === '0' ? '1' : '0'));
    const keep = { ...first.keep, table: { ...first.keep.table, fingerprints: fps } };
    const calls = [];
    const lab = { runCaseColumns: (x) => { calls.push(x.emit.graphs); return gl.runCaseColumns(x); } };
    const c = caseFromState(withPatch(st, { cfg: { T: 40 } }));
    const out = analyzeCase(lab, c, keep);
    expect(calls).toEqual(['shapes', true]);
    expect(out.sized).toBe(false);
    expect(out.keptStages).toBe(false);
    check('T 40 after a wrong fingerprint', out, expected(cli(c)));
    // and a change that is not of sizes alone never asks for shapes
    calls.length = 0;
    analyzeCase(lab, caseFromState(withPatch(st, { cfg: { layers: 38 } })), first.keep);
    expect(calls).toEqual([true]);
  });

  it('the 126-layer Llama-3.1-405B prefill, fresh and after T 2048 → 1024', () => {
    const st = withPatch(defaultState(), { cfg: { ...PRESET_405B, layers: 126, T: 2048 } });
    const c1 = caseFromState(st);
    const first = analyzeCase(gl, c1);
    check('405B T=2048', first, expected(cli(c1)));
    const c2 = caseFromState(withPatch(st, { cfg: { T: 1024 } }));
    const again = analyzeCase(gl, c2, first.keep);
    expect(again.sized).toBe(true);
    expect(again.keptStages).toBe(true);
    expect(again.table.stages[6].layer).toBe(first.table.stages[6].layer);
    check('405B T=1024 after 2048', again, expected(cli(c2)));
  }, 120000);

  it('the CLI\'s JSON as the lab (columnsOf: a result with graphs and provenance as objects)', () => {
    for (const c of [caseFromState(defaultState()), caseFromState(withPatch(defaultState(), { cfg: { mode: 'decode', layers: 40 } }))]) {
      const want = expected(cli(c));
      check('CLI lab', analyzeCase({ runCase: (x) => cli(x) }, c), want, { allLayers: true });
    }
  });

  it('buildStages, the core\'s kernel names and runFootprint on a JSON result are the object path\'s', () => {
    for (const [name, c] of goldenFiles().slice(0, 12)) {
      let r;
      try {
        r = cli(c);
      } catch {
        continue;
      }
      const want = expected(r);
      const stages = buildStages(r);
      for (const [key, list] of Object.entries(blocksOf(stages))) expect(list, `${name}: blocks of ${key}`).toStrictEqual(r.blocks[key]);
      expect(withoutBlocks(stages), name).toStrictEqual(want.stages);
      const last = stages[stages.length - 1];
      expect(last.nodes.length, name).toBeGreaterThan(0);
      expect(r.lab_kernels.map(({ short: _s, ...k }) => k), name).toStrictEqual(want.kernels);
      expect(runFootprint(r), name).toStrictEqual(want.footprint);
      expect(stageTable(r, columnsOf(r)).stages.map((s) => s.n), name).toEqual(stages.map((s) => s.nodes.length));
    }
  });
});
