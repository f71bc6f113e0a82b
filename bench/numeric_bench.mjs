// numeric_bench.mjs — the numeric forward natively and in the WASM module under Node, side by side.
//
//   make bench-numeric            (builds build/numeric_bench and the module, then runs this)
//   node bench/numeric_bench.mjs  [--wasm-only]
//
// For each (d, T) the case JSON comes from `build/numeric_bench --case d T`, so both sides run the same
// text: one prefill layer (H = 8, G = 2, dh = d/8, f = 2d), random params (seed 0), input x [T, d],
// pipeline [] — timing_ms.run is exactly one float64 interpreter forward, without JSON I/O. FLOPs are the
// result's fused.cost.flops. Each side reports its fastest run (~0.4 s of repeats, at least 3).
// Then the whole analysis pipeline of a 32-layer Llama-3-8B prefill stack (shape-only, T = 2048) in WASM.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { createGraphLab } from '../wasm/graphlab.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const NATIVE = join(ROOT, 'build', 'numeric_bench');
const wasmOnly = process.argv.includes('--wasm-only');

if (!existsSync(NATIVE)) {
  console.error(`${NATIVE} is missing: run \`make bench-numeric\` (or make build/numeric_bench)`);
  process.exit(2);
}

const DS = [64, 128, 256, 512];
const TS = [12, 32, 64, 128];

function bench(gl, text, key) {
  let best = Infinity;
  let wallBest = Infinity;
  let flops = NaN;
  let outBytes = 0;
  let reps = 0;
  const start = performance.now();
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    const out = gl.runCaseText(text);
    const res = JSON.parse(out);
    const wall = performance.now() - t0;
    if (i === 0) flops = res.fused?.cost?.flops;
    outBytes = out.length;
    best = Math.min(best, res.timing_ms[key]);
    wallBest = Math.min(wallBest, wall);
    reps = i + 1;
    if (i >= 2 && performance.now() - start > 400) break;
  }
  return { best, wallBest, flops, outBytes, reps };
}

const fmt = (x, w, p) => (Number.isFinite(x) ? x.toFixed(p) : String(x)).padStart(w);

const native = wasmOnly ? null : JSON.parse(execFileSync(NATIVE, ['--json'], { encoding: 'utf8' }));
const gl = await createGraphLab();

console.log(`GraphLab ${gl.version}: numeric forward of one prefill layer (float64), native vs WASM (Node ${process.version})`);
console.log(`${'d'.padStart(5)} ${'T'.padStart(5)} ${'MFLOP'.padStart(10)} ${'native ms'.padStart(10)} ${'GFLOP/s'.padStart(8)}` +
            ` ${'wasm ms'.padStart(10)} ${'GFLOP/s'.padStart(8)} ${'wasm/native'.padStart(11)}`);
// Warm-up: V8 compiles the module with its baseline compiler first and tiers up to the optimizing one in
// the background; a second of runs keeps the first rows from measuring the baseline code.
{
  const warm = execFileSync(NATIVE, ['--case', '128', '32'], { encoding: 'utf8' });
  const t0 = performance.now();
  while (performance.now() - t0 < 1000) gl.runCaseText(warm);
}
const rows = [];
for (const d of DS) {
  for (const T of TS) {
    const text = execFileSync(NATIVE, ['--case', String(d), String(T)], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const w = bench(gl, text, 'run');
    const n = native?.numeric.find((r) => r.d === d && r.T === T);
    const ratio = n ? w.best / n.run_ms : NaN;
    rows.push({ d, T, flops: w.flops, native_ms: n?.run_ms, wasm_ms: w.best, ratio });
    console.log(`${fmt(d, 5, 0)} ${fmt(T, 5, 0)} ${fmt(w.flops / 1e6, 10, 3)} ${fmt(n?.run_ms, 10, 4)}` +
                ` ${fmt(n ? n.flops / (n.run_ms * 1e6) : NaN, 8, 3)} ${fmt(w.best, 10, 4)}` +
                ` ${fmt(w.flops / (w.best * 1e6), 8, 3)} ${fmt(ratio, 11, 2)}`);
  }
}
const ratios = rows.map((r) => r.ratio).filter(Number.isFinite);
if (ratios.length) {
  const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`geometric mean wasm/native: ${geo.toFixed(2)}`);
}

const llamaText = execFileSync(NATIVE, ['--llama-case'], { encoding: 'utf8' });
const l = bench(gl, llamaText, 'total');
console.log(`\nLlama-3-8B x32 prefill T=2048, shape-only, whole analysis pipeline (build, passes, fuse, cost, memory):`);
console.log(`  wasm:   compute ${l.best.toFixed(2)} ms (timing_ms.total), with JSON out + JSON.parse ${l.wallBest.toFixed(2)} ms,` +
            ` ${l.outBytes} bytes, best of ${l.reps}`);
if (native) {
  const nl = native.llama;
  console.log(`  native: compute ${nl.total_ms.toFixed(2)} ms, with JSON out ${nl.wall_ms.toFixed(2)} ms;` +
              ` wasm/native ${(l.best / nl.total_ms).toFixed(2)}`);
}
console.log(`heap in use after the runs: ${gl.memoryStats()} bytes (${JSON.stringify(gl.heapStats())})`);
