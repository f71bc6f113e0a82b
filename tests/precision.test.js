// precision.test.js — issue 35: a golden layer's final graph under precision plans (bf16, fp16 with fp32
// accumulation, fp8 e4m3 / e5m2 KV, int8 and int8_channel weights) against tests/ref/precision_golden.py (the
// reference's own eval_node per node, each result rounded by tests/ref/round_oracle.py; no GraphLab code), on
// the native CLI (and its ASan+UBSan build), WASI and the Emscripten module: every node's max_abs, max_rel and snr_db. And the case key's
// strict validation.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { createGraphLab } from '../wasm/graphlab.mjs';
import { GOLDEN, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'precision');
const GOLD = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')));
const caseOf = (name) => JSON.parse(readFileSync(join(GOLDEN, `${name}.json`), 'utf8'));
const request = (name, precision) => ({ ...caseOf(name), precision, emit: { graphs: false, provenance: false } });

// max_abs is a max of exact differences (equal bit for bit when the runs agree); snr_db sums squares, so the
// order of additions may differ in the last bits
function mismatches(got, want) {
  const bad = [];
  const close = (x, y) => (x === null || y === null ? x === y : Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(y), 1e-300));
  if (got.nodes.length !== want.nodes.length) return [`${got.nodes.length} nodes, want ${want.nodes.length}`];
  got.nodes.forEach((a, i) => {
    const b = want.nodes[i];
    if (a.node !== b.node || !['max_abs', 'max_rel', 'snr_db', 'added_db'].every((k) => close(a[k], b[k]))) bad.push(`${JSON.stringify(a)} != ${JSON.stringify(b)}`);
  });
  got.outputs.forEach((a, i) => {
    if (!close(a.max_abs, want.outputs[i].max_abs) || !close(a.max_rel, want.outputs[i].max_rel)) bad.push(`output ${i}`);
  });
  if (want.worst === null ? got.worst !== null : got.worst?.node !== want.worst.node || !close(got.worst.added_db, want.worst.added_db)) {
    bad.push(`worst ${JSON.stringify(got.worst)} != ${JSON.stringify(want.worst)}`);
  }
  bad.push(...layerMismatches(got.layers, want.layers, true));
  return bad.slice(0, 5);
}

// error.layers against the oracle's: each layer's output error; with ids (one layer: the same graph) the output
// node and the worst node too, and always the worst node's added_db (looked up in got's nodes by id)
function layerMismatches(got, want, ids, gotWorstDb = null) {
  const close = (x, y) => (x === null || y === null ? x === y : Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(y), 1e-300));
  if (got.length !== want.length) return [`${got.length} layers, want ${want.length}`];
  const bad = [];
  got.forEach((a, i) => {
    const b = want[i];
    const same = a.layer === b.layer && ['max_abs', 'max_rel', 'snr_db'].every((k) => close(a[k], b[k]))
      && (!ids || (a.out === b.out && a.worst === b.worst))
      && (!gotWorstDb || close(gotWorstDb(a.worst), b.worst_added_db));
    if (!same) bad.push(`layer ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
  });
  return bad;
}

describe('precision plans: per-node error equals the reference-side oracle', () => {
  it('holds 3 layers × 8 plans, every format, both accumulations and smooth', () => {
    expect(GOLD.length).toBe(3);
    const plans = GOLD.flatMap((g) => Object.values(g.plans).map((p) => p.precision));
    for (const f of ['bf16', 'fp16', 'fp32', 'fp8_e4m3', 'fp8_e5m2', 'int8', 'int8_channel']) {
      expect(plans.some((p) => Object.values(p).includes(f)), f).toBe(true);
    }
    expect(plans.some((p) => p.accumulate === 'fp32')).toBe(true);
  });
  for (const kind of ['native', 'asan', 'wasi', 'wasm']) {
    it(`${kind}: every node of every plan`, async () => {
      // the module only for its own test: `make mutate`'s copy builds no WASM and runs the native one alone
      const lab = kind === 'wasm' ? await createGraphLab() : null;
      const bad = [];
      for (const g of GOLD) {
        for (const [pn, p] of Object.entries(g.plans)) {
          const req = request(g.case, p.precision);
          let res;
          if (kind === 'wasm') res = lab.runCase(req);
          else {
            const r = runCli(kind, ['case', '-', '--compact'], { input: JSON.stringify(req) });
            expect(r.status, r.stderr).toBe(0);
            res = JSON.parse(r.stdout);
          }
          expect(res.error.plan).toEqual({ weights: 'f64', activations: 'f64', kv: 'f64', accumulate: 'f64', ...p.precision });
          for (const m of mismatches(res.error, p.error)) bad.push(`${g.case} ${pn}: ${m}`);
        }
      }
      expect(bad).toEqual([]);
    }, 120_000);
  }
  it('a two-layer stack: error.layers per layer (its output node\'s error, its worst node) equals the oracle\'s', () => {
    const st = JSON.parse(readFileSync(join(DIR, 'stack', 'prefill_2layers.json'), 'utf8'));
    for (const [pn, p] of Object.entries(st.plans)) {
      const req = { ...st.case, precision: p.precision, emit: { graphs: false, provenance: false } };
      const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(req) });
      expect(r.status, r.stderr).toBe(0);
      const e = JSON.parse(r.stdout).error;
      const db = (id) => e.nodes.find((n) => n.node === id).added_db;
      expect(e.layers.map((l) => l.layer)).toEqual([0, 1]);
      expect(layerMismatches(e.layers, p.error.layers, false, db), pn).toEqual([]);
      expect(Math.abs(e.outputs[0].max_abs - p.error.outputs[0].max_abs)).toBeLessThan(1e-9 * p.error.outputs[0].max_abs);
      expect(e.worst.added_db).toBeCloseTo(p.error.worst_added_db, 9);
      // the last layer's output is the graph's output: the same error
      expect(e.layers[1].max_abs).toBe(e.outputs[0].max_abs);
      // error grows with depth
      expect(e.layers[1].snr_db).toBeLessThan(e.layers[0].snr_db + 3);
    }
  });
  it('an all-f64 plan: worst is null and every layer exact', () => {
    const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(request(GOLD[0].case, {})) });
    const e = JSON.parse(r.stdout).error;
    expect(e.worst).toBeNull();
    expect(e.layers).toEqual([{ layer: 0, max_abs: 0, max_rel: 0, snr_db: null, out: e.layers[0].out, worst: null }]);
  });
  const PIPE = ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'];
  const QPLANS = [{ weights: 'int8', activations: 'bf16', kv: 'fp8_e4m3' }, { weights: 'int8_channel', activations: 'fp8_e5m2', accumulate: 'fp32' },
    { weights: 'fp16', activations: 'fp16', kv: 'bf16' }];
  const withPass = (name, precision, kind = 'native') => {
    const req = { ...request(name, precision), pipeline: [...PIPE, 'quantize'], emit: { provenance: false } };
    const r = runCli(kind, ['case', '-', '--compact'], { input: JSON.stringify(req) });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  it('the quantize pass: explicit quantize → dequantize pairs; the outputs\' error is the same as without it (verified)', () => {
    for (const g of GOLD) {
      for (const precision of QPLANS) {
        const res = withPass(g.case, precision);
        const plain = JSON.parse(runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(request(g.case, precision)) }).stdout);
        expect(res.error.outputs, `${g.case} ${JSON.stringify(precision)}`).toEqual(plain.error.outputs);
        const qs = res.graphs.quantize.nodes.filter((n) => n[1] === 'quantize');
        const ds = res.graphs.quantize.nodes.filter((n) => n[1] === 'dequantize');
        expect(res.passes.at(-1).hits).toBe(qs.length);
        expect(ds.length).toBe(qs.length);
        expect(qs.length).toBeGreaterThan(0);
        // each weight is quantized to the plan's weights format, once
        const params = res.graphs.quantize.nodes.filter((n) => n[1] === 'param');
        for (const p of params) {
          const q = qs.filter((n) => n[2][0] === p[0]);
          expect(q.map((n) => n[3].format), p[5]).toEqual([precision.weights]);
        }
        // dequantize is fused into its reader: no kernel holds one
        expect(res.fused.kernels.some((k) => k.label.includes('dequantize'))).toBe(false);
        // the worst node's rounding is the same as without the pass (at its quantize node now)
        expect(res.error.worst.added_db).toBe(plain.error.worst.added_db);
      }
    }
  }, 120_000);
  it('the quantize pass without a plan inserts nothing; a graph with a bad format is refused naming it', () => {
    const req = { ...caseOf(GOLD[0].case), pipeline: [...PIPE, 'quantize'], emit: { graphs: false, provenance: false } };
    const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(req) });
    expect(r.status, r.stderr).toBe(0);
    const p = JSON.parse(r.stdout).passes;
    expect(p.at(-1)).toEqual({ ...p.at(-2), name: 'quantize', hits: 0 });
    const graph = (format) => JSON.stringify({ graph: { nodes: [[0, 'input', [], {}, [2], 'x'], [1, 'quantize', [0], { format }, [2], '']], outputs: [1] }, passes: ['dce'] });
    const dir = mkdtempSync(join(tmpdir(), 'gl-q-'));
    try {
      writeFileSync(join(dir, 'g.json'), graph('int4'));
      const bad = runCli('native', ['passes', join(dir, 'g.json')]);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('graph.nodes[1][3] (attrs).format must be a number format');
      writeFileSync(join(dir, 'g.json'), graph('fp8_e4m3'));
      const ok = runCli('native', ['passes', join(dir, 'g.json')]);
      expect(ok.status, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout).results[0].graph.nodes[1][3]).toEqual({ format: 'fp8_e4m3' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('the quantize stage as a C program (codegen) computes the interpreter\'s outputs bit for bit', () => {
    const g = GOLD[1];                                         // the decode layer: KV cache, masks, bind
    const precision = { weights: 'int8_channel', activations: 'bf16', kv: 'fp8_e4m3' };
    const req = { ...request(g.case, precision), pipeline: [...PIPE, 'quantize'], emit: { provenance: false } };
    const res = JSON.parse(runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(req) }).stdout);
    const dir = mkdtempSync(join(tmpdir(), 'gl-qc-'));
    try {
      writeFileSync(join(dir, 'case.json'), JSON.stringify(req));
      const gen = runCli('native', ['codegen', join(dir, 'case.json'), '--lang', 'c']);
      expect(gen.status, gen.stderr).toBe(0);
      expect(gen.stdout).toContain('t_quantize(');
      writeFileSync(join(dir, 'p.c'), gen.stdout);
      const cc = spawnSync('cc', ['-std=c11', '-O2', join(dir, 'p.c'), '-lm', '-o', join(dir, 'p')], { encoding: 'utf8' });
      expect(cc.stderr).toBe('');
      const c = caseOf(g.case);
      const names = res.graphs.quantize.nodes.filter((n) => n[1] === 'input').map((n) => n[5]);
      const input = Buffer.concat(names.map((n) => Buffer.from(c.inputs[n].f64, 'base64')));
      const run = spawnSync(join(dir, 'p'), Object.entries(c.bind).map(([k, v]) => `${k}=${v}`), { input, maxBuffer: 1 << 26 });
      expect(run.stderr.toString()).toBe('');
      const want = Buffer.concat(res.outputs.quantize.map((o) => Buffer.from(o.f64, 'base64')));
      expect(run.stdout.equals(want)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  // SmoothQuant: y = x @ W with one input channel of x 30 times the others (an outlier channel, as LLM activations
  // have); int8 per tensor spends its 255 steps on that channel and rounds the others coarsely. smooth 0.5 moves
  // half of the range (in log) into W's row: the int8 error of y drops; the float64 product does not change.
  const smoothCase = (precision, big = 30) => {
    let seed = 12345;
    const rand = () => {                                       // a fixed LCG and Box-Muller: the same numbers everywhere
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return (seed + 0.5) / 2147483648;
    };
    const normal = () => Math.sqrt(-2 * Math.log(rand())) * Math.cos(2 * Math.PI * rand());
    const arr = (shape, f) => {
      const a = new Float64Array(shape[0] * shape[1]).map((_, i) => f(i));
      return { shape, f64: Buffer.from(a.buffer).toString('base64') };
    };
    const src = 'from graph_lab import F, trace\ndef proj(x, p):\n    return x @ p["W"]\ntrace(proj, {"x": (16, 32)}, {"W": (32, 24)})\n';
    return { program: src, params: { W: arr([32, 24], () => normal() / Math.sqrt(32)) },
      inputs: { x: arr([16, 32], (i) => normal() * (i % 32 === 3 ? big : 1)) }, precision, emit: { graphs: false, provenance: false } };
  };
  const errorOf = (req, kind = 'native') => {
    const r = runCli(kind, ['case', '-', '--compact'], { input: JSON.stringify(req) });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout).error;
  };
  it('smooth: with an outlier channel, int8 weights and activations lose less with smooth 0.5; float64 unchanged', () => {
    for (const weights of ['int8', 'int8_channel']) {
      const off = errorOf(smoothCase({ weights, activations: 'int8' }));
      const on = errorOf(smoothCase({ weights, activations: 'int8', smooth: 0.5 }));
      expect(on.plan.smooth).toBe(0.5);
      expect(off.plan.smooth).toBeUndefined();
      expect(on.outputs[0].max_rel, weights).toBeLessThan(0.75 * off.outputs[0].max_rel);
      expect(on.layers[0].snr_db, weights).toBeGreaterThan(off.layers[0].snr_db + 4);   // measured: +5.6 / +6.8 dB
    }
    // without an outlier there is little to migrate: no such gain
    const flatOff = errorOf(smoothCase({ weights: 'int8_channel', activations: 'int8' }, 1));
    const flatOn = errorOf(smoothCase({ weights: 'int8_channel', activations: 'int8', smooth: 0.5 }, 1));
    expect(Math.abs(flatOn.layers[0].snr_db - flatOff.layers[0].snr_db)).toBeLessThan(2);
    // an all-f64 plan with smooth: (x / s) @ (diag(s) W) equals x @ W up to float64's last bits
    for (const alpha of [0, 0.5, 1]) {
      const f = errorOf(smoothCase({ smooth: alpha }));
      expect(f.outputs[0].max_rel).toBeLessThan(1e-12);
    }
  });
  it('ASan+UBSan: conversion pairs and a migrated (SmoothQuant) plan on the decode layer run clean, with the same error', () => {
    const plan = { weights: 'int8_channel', activations: 'bf16', kv: 'fp8_e4m3', accumulate: 'fp32', smooth: 0.5 };
    const a = withPass(GOLD[1].case, plan, 'asan');
    const b = withPass(GOLD[1].case, plan, 'native');
    expect(a.error).toEqual(b.error);
    expect(errorOf(smoothCase({ weights: 'int8', activations: 'int8', smooth: 0.5 }), 'asan'))
      .toEqual(errorOf(smoothCase({ weights: 'int8', activations: 'int8', smooth: 0.5 })));
  });
  it('smooth is validated strictly, naming the key and the value', () => {
    for (const [v, got] of [[1.5, '1.5'], [-0.1, '-0.1'], ['0.5', '"0.5"'], [true, 'true']]) {   // null: absent, as for every key
      const r = runCli('native', ['case', '-'], { input: JSON.stringify(smoothCase({ smooth: v })) });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(`precision.smooth must be a number in [0, 1] (SmoothQuant's alpha), got ${got}`);
    }
  });
  it('lower precision loses more: fp8 e4m3 error above bf16 above fp32 on the same layer (literal order)', () => {
    const g = GOLD[0];
    const rel = (pn) => g.plans[pn].error.outputs[0].max_rel;
    expect(rel('fp8_e4m3')).toBeGreaterThan(rel('bf16'));
    expect(rel('bf16')).toBeGreaterThan(0);
    const same = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(request(g.case, {})) });
    const e = JSON.parse(same.stdout).error;
    expect(e.outputs[0]).toEqual({ max_abs: 0, max_rel: 0 });            // an all-f64 plan changes nothing
    expect(e.nodes.every((n) => n.snr_db === null && n.max_abs === 0)).toBe(true);
  });
  it('a bad plan names the key and the value', () => {
    const name = GOLD[0].case;
    const cases = [
      [{ weights: 'fp4' }, 'precision.weights must be one of "f64", "fp32", "bf16", "fp16", "fp8_e4m3", "fp8_e5m2", "int8", "int8_channel", got "fp4"'],
      [{ accumulate: 'fp16' }, 'precision.accumulate must be "f64" or "fp32", got "fp16"'],
      [{ kv: 8 }, 'precision.kv must be one of'],
      [{ cache: 'bf16' }, 'precision has an unknown key "cache" (known keys: weights, activations, kv, accumulate, smooth)'],
      ['bf16', 'precision must be an object'],
    ];
    for (const [p, msg] of cases) {
      const r = runCli('native', ['case', '-'], { input: JSON.stringify(request(name, p)) });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(msg);
    }
  });
  it('cost and memory use each tensor\'s own size: int8 weights halve one Llama-3-8B layer\'s weight bytes', () => {
    const run = (precision) => {
      const req = { config: { preset: 'llama3-8b', mode: 'decode', S: 4096 }, elem_bytes: 2, precision, emit: { graphs: false, provenance: false } };
      const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(req) });
      expect(r.status, r.stderr).toBe(0);
      const d = JSON.parse(r.stdout);
      return { reads: d.fused.kernels.reduce((a, k) => a + k.reads, 0), t: d.fused.cost.t, greedy: d.memory.greedy };
    };
    const [d, H, G, dh, f] = [4096, 32, 8, 128, 14336];              // Llama-3-8B
    const weights = d * H * dh + 2 * d * G * dh + H * dh * d + 3 * d * f;   // wq, wk, wv, wo, w1, w2, w3 (norms folded)
    const bf16 = run(null), int8 = run({ weights: 'int8' }), fp8 = run({ weights: 'int8', activations: 'fp8_e4m3' });
    expect(bf16.reads - int8.reads).toBe(weights);                   // 2 bytes → 1 byte per weight
    expect(int8.t).toBeLessThan(0.6 * bf16.t);                       // the decode layer is memory-bound: the roofline moves
    expect(int8.greedy).toBe(bf16.greedy);                           // activations unchanged
    expect(fp8.greedy).toBe(bf16.greedy / 2);                        // 1-byte activations
  });
  it('a shape-only case with a plan has no error key (nothing ran)', () => {
    const req = { config: { preset: 'llama3-8b', mode: 'prefill', T: 16 }, precision: { weights: 'int8' }, emit: { graphs: false, provenance: false } };
    const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(req) });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).error).toBeUndefined();
  });
});
