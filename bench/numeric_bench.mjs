// numeric_bench.mjs — the numeric forward in the WASM module under Node, against the same C built natively
// with -O3 -march=native and against the reference module; then the analysis pipeline against the reference.
//
//   make bench-numeric            (builds build/numeric_bench on build/native-o3/libgraphlab.a and the module)
//   node bench/numeric_bench.mjs  [--wasm-only] [--no-ref] [--matmuls-only]
//
// For each (d, T) the case JSON comes from `build/numeric_bench --case d T`, so both sides run the same
// text: one prefill layer (H = 8, G = 2, dh = d/8, f = 2d), random params (seed 0), input x [T, d],
// pipeline [], run_repeat 3 — timing_ms.run is one float64 interpreter forward, without JSON I/O, the fastest
// of the three on the built graph (as the reference is timed: its best of repeated calls on one graph; for
// the criterion's layer the first forward after building is printed too). FLOPs are the
// result's fused.cost.flops. Each side reports its fastest run (two slices of ~0.25 s of repeats each,
// four for the configurations the criteria name; native and WASM alternating). The reference column is
// bench/ref_numeric.py (a fresh Python process right after each configuration's own runs):
// graph_lab.run(g, {"x": x}) alone, best of several, on the same
// layer traced by the reference (prefill_layer(LayerCfg(d, 8, 2, d/8, 2d), T), layer_params(cfg, 0)).
// Then the whole analysis pipeline of a 32-layer Llama-3-8B prefill stack (shape-only, T = 2048) in WASM:
// cold = the first call in a fresh Node process (best of 3 processes), warm = the best of repeated calls in
// this (warmed-up) instance; ours is timing_ms.total, the reference bench/ref_pipeline.py --repeat 5 32 timed
// the same two ways (cold: its first computation, warm: the best of the other four; best of 3 fresh
// processes, alternating with ours), so ratios are warm-vs-warm and cold-vs-cold. Then the engine's f64x2
// ceiling (bench/simd_ceiling.c) against the layer's matrix products, alone (bench/gemm_probe.c: the same
// matmul.c at the d=256,T=64 and d=64,T=12 layers' shapes, weights read from memory as in a forward, each
// part's fastest run) and
// inside the forward (matmul FLOPs / layer time), with the time the other kernels take. The machine may be
// shared: the load average is printed before and after, and the acceptance criteria of the numeric-speed
// issue are checked at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createGraphLab } from '../wasm/graphlab.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE = join(ROOT, 'build', 'numeric_bench');
const REF_MODULE = join(ROOT, '..', 'shared', 'reference', 'graph_lab.py');
const REF_NUMERIC = join(ROOT, 'bench', 'ref_numeric.py');
const REF_PIPELINE = join(ROOT, 'bench', 'ref_pipeline.py');
const CEILING = join(ROOT, 'build', 'simd_ceiling.wasm');
const PROBE = join(ROOT, 'build', 'gemm_probe.wasm');
const PROBE_NATIVE = join(ROOT, 'build', 'gemm_probe');
const PYTHON = '/usr/bin/python3';
const args = process.argv.slice(2);
const wasmOnly = args.includes('--wasm-only');
const noRef = args.includes('--no-ref');

const LLAMA_CASE = JSON.stringify({
  case: 'llama3-8b_x32_prefill_2048', config: { preset: 'llama3-8b', mode: 'prefill', T: 2048, layers: 32 },
});

// `--cold-pipeline`: this process only loads the module and runs the Llama case once (a cold first call).
if (args.includes('--cold-pipeline')) {
  const gl = await createGraphLab();
  const res = JSON.parse(gl.runCaseText(LLAMA_CASE));
  console.log(JSON.stringify({ total: res.timing_ms.total }));
  process.exit(0);
}

// `--matmuls-only`: just the engine's ceiling and the matmul probe (WASM, and native unless --wasm-only) at
// the two layers the criteria name, in alternating slices; no interpreter, no reference.
if (args.includes('--matmuls-only')) {
  console.log(`load average (1, 5, 15 min) at start: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const probe = await loadMatmulProbe();
  if (!probe) {
    console.error(`${PROBE} is missing: run \`make bench-numeric\``);
    process.exit(2);
  }
  const ceiling = Math.max(await simdCeiling(), await simdCeiling());
  const cfgs = [[256, 64], [64, 12]], res = {};
  for (let round = 0; round < 6; round++)
    for (const [d, T] of cfgs) {
      const w = probe.slice(d, T, 250);
      const n = wasmOnly || !existsSync(PROBE_NATIVE) ? null : matmulProbeNative(d, T, 250).ms;
      res[`${d},${T}`] = { w, n: n === null ? NaN : Math.min(res[`${d},${T}`]?.n ?? Infinity, n) };
    }
  console.log(`ceiling: WASM f64x2 mul + add in this engine ${ceiling.toFixed(2)} GFLOP/s (bench/simd_ceiling.c, register-only)`);
  for (const [d, T] of cfgs) {
    const { w, n } = res[`${d},${T}`], fl = probe.flops(d, T);
    console.log(`  d=${d},T=${T} matmuls alone: wasm ${(w * 1e3).toFixed(1)} us, ${(fl / (w * 1e6)).toFixed(2)} GFLOP/s =` +
                ` ${((100 * fl) / (w * 1e6 * ceiling)).toFixed(0)}% of the ceiling` +
                (Number.isFinite(n) ? `; native -O3 -march=native ${(n * 1e3).toFixed(1)} us, ${(fl / (n * 1e6)).toFixed(2)} GFLOP/s` : ''));
  }
  console.log(`load average (1, 5, 15 min) at end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  process.exit(0);
}

if (!existsSync(NATIVE)) {
  console.error(`${NATIVE} is missing: run \`make bench-numeric\` (or make build/numeric_bench)`);
  process.exit(2);
}

const DS = [64, 128, 256, 512];
const TS = [12, 32, 64, 128];

// Criteria checked at the end of the run. Issue 6 (the WASM module) set the first four; it ended blocked on
// refSpeedup, which this machine's ceiling rules out (the bench prints the bound). Issue 17 asks for the
// matmuls at >= 70 % of the ceiling (matmulShare, at gflopsAt) and does not ask for refSpeedup.
const GOAL = { gflops: 5, gflopsAt: [256, 64], nativeSpeed: 0.4, refSpeedup: 10, refAt: [64, 12], pipeline: 25,
  matmulShare: 0.70 };

function bench(gl, text, key, { seconds = 0.5, minReps = 5, maxReps = 400 } = {}) {
  let best = Infinity;
  let wallBest = Infinity;
  let flops = NaN;
  let outBytes = 0;
  let reps = 0;
  const start = performance.now();
  for (let i = 0; i < maxReps; i++) {
    const t0 = performance.now();
    const out = gl.runCaseText(text);
    const res = JSON.parse(out);
    const wall = performance.now() - t0;
    if (i === 0) flops = res.fused?.cost?.flops;
    outBytes = out.length;
    best = Math.min(best, res.timing_ms[key]);
    wallBest = Math.min(wallBest, wall);
    reps = i + 1;
    if (i + 1 >= minReps && performance.now() - start > seconds * 1e3) break;
  }
  return { best, wallBest, flops, outBytes, reps };
}

// The engine's float64 multiply-add ceiling (bench/simd_ceiling.c): the best rate of ~1 s of register-only
// f64x2 mul + add chains. NaN when build/simd_ceiling.wasm is missing.
async function simdCeiling(ms = 1000) {
  if (!existsSync(CEILING)) return NaN;
  const { instance } = await WebAssembly.instantiate(readFileSync(CEILING), {});
  const { ceiling_run: run, ceiling_flops_per_iter: perIter } = instance.exports;
  const iters = 100000;
  let best = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    const t0 = performance.now();
    run(iters, 0.999999, 1e-7);
    best = Math.max(best, (iters * perIter()) / ((performance.now() - t0) * 1e6));
  }
  return best;
}

// FLOPs of the matrix products of a case (its eager kernels of kind matmul), and how many kernels are not.
function matmulFlops(gl, text) {
  const c = JSON.parse(text);
  c.emit = { ...c.emit, kernels: true };
  const res = JSON.parse(gl.runCaseText(JSON.stringify(c)));
  const mm = res.eager.kernels.filter((k) => k.kind === 'matmul');
  return { flops: mm.reduce((s, k) => s + k.flops, 0), others: res.eager.kernels.length - mm.length };
}

// A layer's matrix products alone (bench/gemm_probe.c: gl_gemm from c/src/exec/matmul.c, built with the
// module's flags, at the shapes the interpreter calls it with; right operands read from a span the size of
// the layer's weights, so from where a forward's come). Timed part by part (one shape's calls at a time,
// 0.01-2 ms each, so a shared machine's interruptions are filtered out by taking the fastest): slice(d, T,
// ms) runs the parts in turn for ~ms ms and returns the sum of each part's fastest run so far (kept across
// slices). Null when build/gemm_probe.wasm is missing.
async function loadMatmulProbe() {
  if (!existsSync(PROBE)) return null;
  const { instance } = await WebAssembly.instantiate(readFileSync(PROBE), {});
  const { probe_layer_part: part, probe_layer_part_flops: partFlops, probe_layer_parts: parts,
    probe_layer_flops: flopsOf } = instance.exports;
  const best = new Map();
  return {
    flops: flopsOf,
    slice(d, T, ms) {
      const key = `${d},${T}`;
      if (!best.has(key)) best.set(key, Array(parts()).fill(Infinity));
      const b = best.get(key);
      const start = performance.now();
      do {
        for (let i = 0; i < b.length; i++) {
          const reps = Math.max(1, Math.round(2e5 / partFlops(d, T, i)));
          const t0 = performance.now();
          part(d, T, i, reps);
          b[i] = Math.min(b[i], (performance.now() - t0) / reps);
        }
      } while (performance.now() - start < ms);
      return b.reduce((x, y) => x + y, 0);
    },
  };
}

function matmulProbeNative(d, T, ms = 1000) {
  if (!existsSync(PROBE_NATIVE)) return null;
  return JSON.parse(execFileSync(PROBE_NATIVE, [String(d), String(T), String(ms)], { encoding: 'utf8' }));
}

function haveReference() {
  if (!existsSync(REF_MODULE)) return 'the reference module ../shared/reference/graph_lab.py is missing';
  if (spawnSync(PYTHON, ['-c', 'import numpy'], { stdio: 'ignore' }).status !== 0)
    return `${PYTHON} with numpy is not at hand`;
  return null;
}

const fmt = (x, w, p) => (Number.isFinite(x) ? x.toFixed(p) : '-').padStart(w);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const cpus = () => {
  try {
    return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return NaN;
  }
};

const noRefWhy = noRef ? 'skipped (--no-ref)' : haveReference();
const withRef = !noRefWhy;
console.log(`load average (1, 5, 15 min) at start: ${load()} on ${cpus()} CPUs`);

const gl = await createGraphLab();
const probe = await loadMatmulProbe();

// Warm-up: V8 compiles the module with its baseline compiler first and tiers up to the optimizing one in
// the background; a second of runs keeps the first rows from measuring the baseline code.
{
  const warm = execFileSync(NATIVE, ['--case', '128', '32'], { encoding: 'utf8' });
  const t0 = performance.now();
  while (performance.now() - t0 < 1000) gl.runCaseText(warm);
}
// Native and WASM alternate per configuration (two rounds each, the best run of either), so a burst of load
// from other jobs on a shared machine hits both sides rather than one.
// The reference (a fresh Python process per configuration) runs right after. The two configurations the
// acceptance criteria name get twice the rounds.
const ROUNDS = 2, KEY_ROUNDS = 4, SLICE_MS = 250;
const rows = [];
let ref = null;
for (const d of DS) {
  for (const T of TS) {
    const text = execFileSync(NATIVE, ['--case', String(d), String(T)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const row = { d, T, flops: NaN, native_ms: NaN, wasm_ms: Infinity, ref_ms: NaN };
    const key = [GOAL.gflopsAt, GOAL.refAt].some(([kd, kT]) => kd === d && kT === T);
    if (key) ({ flops: row.matmul_flops, others: row.other_kernels } = matmulFlops(gl, text));
    if (d === GOAL.refAt[0] && T === GOAL.refAt[1]) {
      const once = JSON.stringify({ ...JSON.parse(text), run_repeat: 1 });   // the first forward after building
      row.first_ms = bench(gl, once, 'run', { seconds: SLICE_MS / 1e3 }).best;
    }
    for (let round = 0; round < (key ? KEY_ROUNDS : ROUNDS); round++) {
      if (!wasmOnly) {
        const n = JSON.parse(execFileSync(NATIVE, ['--json-one', String(d), String(T), String(SLICE_MS)],
          { encoding: 'utf8' }));
        row.native_ms = Number.isNaN(row.native_ms) ? n.run_ms : Math.min(row.native_ms, n.run_ms);
      }
      const w = bench(gl, text, 'run', { seconds: SLICE_MS / 1e3 });
      row.flops = w.flops;
      row.wasm_ms = Math.min(row.wasm_ms, w.best);
      if (key && probe) row.probe_ms = Math.min(row.probe_ms ?? Infinity, probe.slice(d, T, SLICE_MS));
      if (key && !wasmOnly && existsSync(PROBE_NATIVE)) {
        const n = matmulProbeNative(d, T, SLICE_MS);
        row.probe_native_ms = Math.min(row.probe_native_ms ?? Infinity, n.ms);
      }
    }
    if (withRef) {
      ref = JSON.parse(execFileSync(PYTHON, [REF_NUMERIC, '--json', String(d), String(T)], { encoding: 'utf8' }));
      row.ref_ms = ref.rows[0].ref_ms;
    }
    rows.push(row);
  }
}

console.log(`\nGraphLab ${gl.version}: numeric forward of one prefill layer (float64), best run (Node ${process.version})`);
console.log('native = the same C with -O3 -march=native; wasm/native = native ms / wasm ms (speed of WASM relative');
console.log('to native); vs ref = reference graph_lab.run ms / wasm ms, warm-vs-warm (the best run of each)' +
            (withRef ? ` (numpy ${ref.numpy})` : ''));
if (!withRef) console.log(`(reference columns left out: ${noRefWhy})`);
const head = [['d', 5], ['T', 5], ['MFLOP', 9], ['native ms', 10], ['GFLOP/s', 8], ['wasm ms', 10], ['GFLOP/s', 8],
  ['wasm/native', 12], ...(withRef ? [['ref ms', 10], ['vs ref', 8]] : [])];
console.log(head.map(([h, w]) => h.padStart(w)).join(' '));
for (const r of rows) {
  const cols = [fmt(r.d, 5, 0), fmt(r.T, 5, 0), fmt(r.flops / 1e6, 9, 3), fmt(r.native_ms, 10, 4),
    fmt(r.flops / (r.native_ms * 1e6), 8, 2), fmt(r.wasm_ms, 10, 4), fmt(r.flops / (r.wasm_ms * 1e6), 8, 2),
    fmt(r.native_ms / r.wasm_ms, 12, 2)];
  if (withRef) cols.push(fmt(r.ref_ms, 10, 3), `${fmt(r.ref_ms / r.wasm_ms, 7, 1)}x`);
  console.log(cols.join(' '));
}
const speeds = rows.map((r) => r.native_ms / r.wasm_ms).filter(Number.isFinite);
if (speeds.length) {
  const geo = Math.exp(speeds.reduce((s, r) => s + Math.log(r), 0) / speeds.length);
  console.log(`geometric mean wasm/native speed: ${geo.toFixed(2)}`);
}

// ---- the analysis pipeline: cold (fresh processes) and warm (this instance)
// Three rounds of: a cold call (fresh Node process), warm calls here, the reference (fresh Python process).
const colds = [];
let refPipe = Infinity, refCold = Infinity;    // the reference warm and cold
let l = null;
for (let i = 0; i < 3; i++) {
  const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--cold-pipeline'], { encoding: 'utf8' });
  colds.push(JSON.parse(out).total);
  const w = bench(gl, LLAMA_CASE, 'total', { seconds: 0.5, minReps: 4 });
  if (!l || w.best < l.best) l = { ...w, reps: w.reps + (l?.reps ?? 0) };
  else l.reps += w.reps;
  if (withRef) {
    const r = JSON.parse(execFileSync(PYTHON, [REF_PIPELINE, '--repeat', '5', '32'], { encoding: 'utf8' })).ms;
    refCold = Math.min(refCold, r[0]);
    refPipe = Math.min(refPipe, ...r.slice(1));
  }
}
const cold = Math.min(...colds);
console.log('\nLlama-3-8B x32 prefill T=2048, shape-only, whole analysis pipeline (build, passes, fuse, cost, memory):');
console.log(`  wasm:      cold ${cold.toFixed(2)} ms (first call in a fresh process, best of ${colds.length}: ` +
            `${colds.map((x) => x.toFixed(1)).join(', ')}), warm ${l.best.toFixed(2)} ms (best of ${l.reps});` +
            ` with JSON out + JSON.parse ${l.wallBest.toFixed(2)} ms, ${l.outBytes} bytes`);
const native = wasmOnly ? null : { llama: JSON.parse(execFileSync(NATIVE, ['--json-llama', '1000'], { encoding: 'utf8' })) };
if (native) {
  const nl = native.llama;
  console.log(`  native:    compute ${nl.total_ms.toFixed(2)} ms, with JSON out ${nl.wall_ms.toFixed(2)} ms;` +
              ` wasm/native speed ${(nl.total_ms / l.best).toFixed(2)}`);
}
if (withRef)
  console.log(`  reference: warm ${refPipe.toFixed(1)} ms, cold ${refCold.toFixed(1)} ms (bench/ref_pipeline.py` +
              ` --repeat 5 32, best of 3); wasm ${(refPipe / l.best).toFixed(1)}x warm-vs-warm,` +
              ` ${(refCold / cold).toFixed(1)}x cold-vs-cold, ${(refPipe / cold).toFixed(1)}x first-vs-warm`);
console.log(`heap in use after the runs: ${gl.memoryStats()} bytes (${JSON.stringify(gl.heapStats())})`);

// ---- the matrix products against the engine's f64x2 multiply-add ceiling: alone (bench/gemm_probe.c, the
// same C at the layer's shapes, in WASM and natively) and inside the forward (matmul FLOPs / layer time, a
// lower bound: the layer's other ops are in that time). Then how far a float64 WASM forward can go on the
// small layer: its matrix products alone, at the ceiling, take matmul_flops / ceiling.
const ceiling = Math.max(await simdCeiling(), await simdCeiling());
const probes = {};
console.log(`\nceiling: WASM f64x2 mul + add in this engine ${ceiling.toFixed(2)} GFLOP/s (bench/simd_ceiling.c, register-only)`);
for (const [d, T] of [GOAL.gflopsAt, GOAL.refAt]) {
  const r = rows.find((x) => x.d === d && x.T === T);
  const p = probe ? { ms: r.probe_ms, flops: probe.flops(d, T) } : null;
  probes[`${d},${T}`] = p;
  const inFwd = r.matmul_flops / (r.wasm_ms * 1e6);
  const pct = (gf) => `${((100 * gf) / ceiling).toFixed(0)}%`;
  if (p) {
    const gf = p.flops / (p.ms * 1e6), rest = (r.wasm_ms - p.ms) * 1e3;
    console.log(`  d=${d},T=${T} matmuls alone (bench/gemm_probe.c: weights from memory as in a forward, sum of each shape's fastest): wasm` +
                ` ${(p.ms * 1e3).toFixed(1)} us, ${gf.toFixed(2)} GFLOP/s = ${pct(gf)} of the ceiling` +
                (Number.isFinite(r.probe_native_ms ?? NaN)
                  ? `; native -O3 -march=native ${(p.flops / (r.probe_native_ms * 1e6)).toFixed(2)} GFLOP/s` : ''));
    console.log(`    in the forward: matmul FLOPs / layer time ${inFwd.toFixed(2)} GFLOP/s = ${pct(inFwd)};` +
                (rest > 0 ? ` the ${r.other_kernels} other kernels (norms, RoPE, softmax, silu, adds, copies) and the` +
                  ` interpreter take the other ${rest.toFixed(1)} us of the layer's ${(r.wasm_ms * 1e3).toFixed(1)} us`
                  : ' (the matmuls alone measured no faster than the whole forward: machine load)'));
  } else {
    console.log(`  d=${d},T=${T} in the forward: matmul FLOPs / layer time ${inFwd.toFixed(2)} GFLOP/s = ${pct(inFwd)}` +
                ` (build/gemm_probe.wasm missing: no matmuls-alone figure)`);
  }
}
{
  const s = rows.find((r) => r.d === GOAL.refAt[0] && r.T === GOAL.refAt[1]);
  const floorMs = s.matmul_flops / (ceiling * 1e6);
  console.log(`  d=${s.d},T=${s.T}: matmuls ${(s.matmul_flops / 1e6).toFixed(3)} of ${(s.flops / 1e6).toFixed(3)} MFLOP; at the ceiling` +
              ` they alone take ${(floorMs * 1e3).toFixed(1)} us; ours ${(s.wasm_ms * 1e3).toFixed(1)} us for the whole layer` +
              ` (matmul FLOPs / our time = ${(s.matmul_flops / (s.wasm_ms * 1e6)).toFixed(2)} GFLOP/s)`);
  if (withRef) {
    const goalMs = s.ref_ms / GOAL.refSpeedup, needGf = s.matmul_flops / (goalMs * 1e6);
    console.log(`  so no float64 WASM forward can beat the reference's ${(s.ref_ms * 1e3).toFixed(0)} us by more than` +
                ` ${(s.ref_ms / floorMs).toFixed(1)}x on this machine (matmuls at the ceiling, everything else free);` +
                ` ${GOAL.refSpeedup}x means the layer in ${(goalMs * 1e3).toFixed(1)} us, i.e. the matmuls alone at` +
                ` >= ${needGf.toFixed(1)} GFLOP/s (${((100 * needGf) / ceiling).toFixed(0)}% of the ceiling) with the other ops free`);
  }
}

// ---- the acceptance criteria
const at = (d, T) => rows.find((r) => r.d === d && r.T === T);
const verdict = (ok) => (ok === null ? 'n/a ' : ok ? 'PASS' : 'FAIL');
const big = at(...GOAL.gflopsAt), small = at(...GOAL.refAt);
const bigGf = big.flops / (big.wasm_ms * 1e6), bigSpeed = big.native_ms / big.wasm_ms;
const bigProbe = probes[`${big.d},${big.T}`];
const bigMm = bigProbe ? bigProbe.flops / (bigProbe.ms * 1e6) : NaN;
const checks = [
  [`issue 17: WASM d=${big.d},T=${big.T} matmuls >= ${100 * GOAL.matmulShare}% of the f64x2 ceiling`,
    bigProbe ? bigMm >= GOAL.matmulShare * ceiling : null,
    bigProbe ? `${((100 * bigMm) / ceiling).toFixed(0)}% alone (${bigMm.toFixed(2)} of ${ceiling.toFixed(2)} GFLOP/s);` +
      ` ${((100 * big.matmul_flops) / (big.wasm_ms * 1e6 * ceiling)).toFixed(0)}% counting the whole forward's time`
      : 'build/gemm_probe.wasm missing'],
  [`issue 6: WASM d=${big.d},T=${big.T} >= ${GOAL.gflops} GFLOP/s`, bigGf >= GOAL.gflops, `${bigGf.toFixed(2)} GFLOP/s`],
  [`issue 6: WASM d=${big.d},T=${big.T} >= ${GOAL.nativeSpeed}x native -O3 -march=native speed`,
    native ? bigSpeed >= GOAL.nativeSpeed : null, native ? `${bigSpeed.toFixed(2)}x` : 'no native run'],
  [`issue 6 (ended blocked on it; issue 17 does not ask for it): WASM d=${small.d},T=${small.T} >= ${GOAL.refSpeedup}x` +
    ` faster than the reference's run (warm-vs-warm)`,
    withRef ? small.ref_ms / small.wasm_ms >= GOAL.refSpeedup : null,
    withRef ? `${(small.ref_ms / small.wasm_ms).toFixed(1)}x (${small.wasm_ms.toFixed(4)} ms vs ${small.ref_ms.toFixed(3)} ms;` +
      ` the first forward after building ${small.first_ms.toFixed(4)} ms, ${(small.ref_ms / small.first_ms).toFixed(1)}x first-vs-warm)`
      : noRefWhy],
  [`issue 6: WASM Llama-3-8B x32 pipeline >= ${GOAL.pipeline}x the reference, warm-vs-warm`,
    withRef ? refPipe / l.best >= GOAL.pipeline : null,
    withRef ? `${(refPipe / l.best).toFixed(1)}x warm-vs-warm, ${(refCold / cold).toFixed(1)}x cold-vs-cold` : noRefWhy],
];
console.log('\nacceptance criteria (the issue that set each):');
for (const [what, ok, detail] of checks) console.log(`  ${verdict(ok)}  ${what}: ${detail}`);
console.log(`load average (1, 5, 15 min) at end: ${load()}`);
