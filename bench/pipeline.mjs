// Pipeline benchmark: the whole analysis (build, all passes, fuse eager + fused, cost, lifetimes, naive /
// greedy / lower bound) of Llama-3-8B prefill stacks (T = 2048), against the reference module measured in
// the same run and timed the same two ways:
//   warm = the best of the computations after the first in one process (K = 4 of them),
//   cold = the first computation in a fresh process,
// each the best of a few fresh processes, run alternately with the reference's. Both sides time compute
// only (ours: timing_ms.total, no JSON I/O; the reference: its pipeline() without `import graph_lab`);
// "start" adds what a fresh process costs before its first result (process start, import / module load,
// and our JSON output): the process's wall time minus its warm computations.
// Three ways to run ours: natively (build/graphlab), under WASI (node wasm/run-wasi.mjs, build/graphlab.wasm)
// and the browser module under Node (public/graphlab-core.mjs via wasm/graphlab.mjs, bench/module_case.mjs).
// Then what crosses the module's boundary for the lab (its JSON text and JSON.parse), and the native peak
// RSS of the 126-layer Llama-3.1-405B pipeline. Prints numbers; never fails on speed.
//   node bench/pipeline.mjs [L ...]        (make bench builds what it needs first; BENCH_CLI=path times another
//                                          native build, e.g. one of an earlier commit, in the native rows;
//                                          BENCH_WASI=file.wasm and BENCH_MODULE=dir (its graphlab-core.mjs +
//                                          .wasm) likewise for the WASI and module rows)
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { coldWarm, load, min, ms, RATIOS, run, x } from './timing.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = process.env.BENCH_CLI || join(root, 'build', 'graphlab');   // BENCH_CLI: another native build, to compare
const WASI = process.env.BENCH_WASI || join(root, 'build', 'graphlab.wasm');
const MODULE = process.env.BENCH_MODULE ? join(process.env.BENCH_MODULE, 'graphlab-core.wasm')
  : join(root, 'public', 'graphlab-core.wasm');
const wasiEnv = { ...process.env, GRAPHLAB_WASM: WASI };   // run-wasi.mjs reads it
const REF_SCRIPT = join(root, 'bench', 'ref_pipeline.py');
const REF_MODULE = join(root, '..', 'shared', 'reference', 'graph_lab.py');
const PYTHON = '/usr/bin/python3';
const WARM = 4;                                     // warm computations after the first, per process
const N = WARM + 1;
const layersArg = process.argv.slice(2).map(Number).filter(Boolean);
const Ls = layersArg.length ? layersArg : [1, 4, 16, 32, 126];
const procs = (L) => (L <= 32 ? 3 : 2);             // fresh processes per L and side

const caseFor = (L, { model = 'llama3-8b', lab = false } = {}) => JSON.stringify({
  case: `${model} x${L}`,
  config: { preset: model, mode: 'prefill', T: 2048, pos0: 0, layers: L },
  elem_bytes: 2, device: 'h100',
  // the lab asks for graphs and provenance (web/state.js caseFromState); the timed rows for neither
  emit: lab ? { graphs: true, provenance: true } : { graphs: false, provenance: false },
});

// ---- one fresh process per side: {totals: [N ms], stages: [N timing_ms], start, nodes}
const timingLines = (stderr) => stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
const cliArgs = ['case', '-', '--compact', '--repeat', String(N), '--timings'];

function fromTimings(stages, wall, nodes) {
  const totals = stages.map((t) => t.total);
  return { totals, stages, nodes, start: wall - totals.slice(1).reduce((s, v) => s + v, 0) };
}

// V8 compiles a WASM function on its first call with its baseline compiler (Liftoff) and re-compiles the hot
// ones with TurboFan in the background; with 2 busy cores that had not settled after 5 computations (the same
// computation took 3-100 ms instead of 1.5). So each WASM sample is two fresh processes: the cold computation
// and start-up from one with V8's defaults (what a first run sees), the warm ones from one with --no-liftoff
// (TurboFan from each function's first call: the steady state, what the lab reaches after a few analyses).
const STEADY = ['--no-liftoff'];
function tiered(one) {
  const cold = one([]), warm = one(STEADY);
  return { ...cold, totals: [cold.totals[0], ...warm.totals.slice(1)],
           stages: cold.stages && [cold.stages[0], ...warm.stages.slice(1)] };
}

const SIDES = {
  native: (L) => {
    const r = run(CLI, cliArgs, { input: caseFor(L) });
    return fromTimings(timingLines(r.stderr), r.wall, JSON.parse(r.stdout).passes.at(-1).nodes);
  },
  wasi: (L) => tiered((v8) => {
    const r = run(process.execPath, [...v8, join(root, 'wasm', 'run-wasi.mjs'), ...cliArgs], { input: caseFor(L), env: wasiEnv });
    return fromTimings(timingLines(r.stderr), r.wall, JSON.parse(r.stdout).passes.at(-1).nodes);
  }),
  module: (L) => tiered((v8) => {
    const r = run(process.execPath, [...v8, join(root, 'bench', 'module_case.mjs'), String(N)], { input: caseFor(L) });
    return fromTimings(JSON.parse(r.stdout).runs.map((u) => u.timing_ms), r.wall, null);
  }),
  reference: (L) => {
    const r = run(PYTHON, [REF_SCRIPT, '--repeat', String(N), String(L)]);
    const o = JSON.parse(r.stdout);
    return { totals: o.ms, stages: null, nodes: o.nodes, start: r.wall - o.ms.slice(1).reduce((s, v) => s + v, 0) };
  },
};
const LABEL = {
  native: `native: ${process.env.BENCH_CLI ? CLI : 'build/graphlab'} case --repeat 5`,
  wasi: `WASI: node wasm/run-wasi.mjs (${process.env.BENCH_WASI ? WASI : 'build/graphlab.wasm'}) case --repeat 5`,
  module: 'browser module under Node: wasm/graphlab.mjs runCaseText x5 (bench/module_case.mjs' +
          `${process.env.BENCH_MODULE ? `, ${process.env.BENCH_MODULE}` : ''})`,
  reference: `reference: bench/ref_pipeline.py --repeat 5 (${PYTHON}, ../shared/reference/graph_lab.py)`,
};

// Best of the fresh processes: cold and warm separately; per-stage times of the best warm computation and
// of the best first one.
function best(samples) {
  const cw = samples.map((s) => coldWarm(s.totals));
  const iCold = cw.reduce((b, v, i) => (v.cold < cw[b].cold ? i : b), 0);
  const iWarm = cw.reduce((b, v, i) => (v.warm < cw[b].warm ? i : b), 0);
  const sw = samples[iWarm];
  return {
    cold: cw[iCold].cold, warm: cw[iWarm].warm, start: min(samples.map((s) => s.start)),
    nodes: samples[0].nodes,
    coldStages: samples[iCold].stages?.[0],
    warmStages: sw.stages?.[sw.totals.indexOf(min(sw.totals.slice(1)))],
  };
}

function haveReference() {
  if (!existsSync(REF_MODULE)) return 'the reference module ../shared/reference/graph_lab.py is missing';
  if (run(PYTHON, ['-c', 'import numpy']).stderr.length) return 'numpy is not at hand';
  return null;
}

for (const [what, path] of [['build/graphlab', CLI], ['build/graphlab.wasm', WASI], ['public/graphlab-core.wasm', MODULE]])
  if (!existsSync(path)) { console.error(`${what} is missing: run make bench (or make native wasi wasm)`); process.exit(1); }
let noRef = null;
try { noRef = haveReference(); } catch (err) { noRef = String(err.message ?? err); }
const sides = noRef ? ['native', 'wasi', 'module'] : ['native', 'wasi', 'module', 'reference'];

console.log(`GraphLab analysis pipeline, Llama-3-8B prefill T=2048; load average ${load()} (1, 5, 15 min)`);
if (process.env.BENCH_CLI) console.log(`native: ${CLI} (BENCH_CLI)`);
if (process.env.BENCH_WASI) console.log(`WASI: ${WASI} (BENCH_WASI)`);
if (process.env.BENCH_MODULE) console.log(`module: ${MODULE} (BENCH_MODULE)`);
console.log(`warm = best of ${WARM} computations after the first in one process; cold = the first computation in a` +
            ' fresh process;\n  both compute only (no process start, import or module load, no JSON I/O); start = a' +
            ' fresh process until its first result\n  (start-up, import / module load and JSON output included).' +
            ` Each the best of ${procs(1)} fresh processes (${procs(126)} at 126 layers); ms.\n  WASM (WASI, module):` +
            ' cold and start from a process with V8\'s defaults, warm from one with --no-liftoff (TurboFan from the' +
            ' first call: V8\'s steady state, which its background tier-up had not reached within 5 computations).');
if (noRef) console.log(`(no reference: ${noRef}; the ratio columns are skipped)`);

const results = {};                                 // results[side][L]
for (const side of sides) results[side] = {};
for (const L of Ls) {
  const samples = Object.fromEntries(sides.map((s) => [s, []]));
  for (let p = 0; p < procs(L); p++) for (const side of sides) samples[side].push(SIDES[side](L));
  for (const side of sides) results[side][L] = best(samples[side]);
}

const pad = (cols, w = 11) => cols.map((c) => String(c).padStart(w)).join('');
const nodes = (L) => results.native[L].nodes;
for (const side of sides) {
  console.log(`\n${LABEL[side]}`);
  const ratioNames = side === 'reference' || noRef ? [] : Object.keys(RATIOS);
  console.log(pad(['L', 'nodes', 'cold', 'warm', 'cold/warm', 'start'], 10) + pad(ratioNames, 15));
  for (const L of Ls) {
    const o = results[side][L];
    const cols = [L, nodes(L), ms(o.cold), ms(o.warm), x(o.cold / o.warm), ms(o.start, 1)];
    console.log(pad(cols, 10) + pad(ratioNames.map((k) => x(RATIOS[k](results.reference[L], o))), 15));
  }
}
if (!noRef)
  console.log('\nratios = reference ms / ours: warm-vs-warm, cold-vs-cold, first-vs-warm (our first computation against' +
              ' the reference warm), start-vs-start (a fresh process to its first result, each side). In WASM the' +
              ' first computation also runs V8\'s baseline code (Liftoff) while the optimised tier compiles.');

// ---- per stage (timing_ms: build, passes, fuse = fusion + cost, memory = lifetimes + plans)
const STAGES = ['build', 'passes', 'fuse', 'memory', 'total'];
console.log('\nper stage, ms (warm | cold: the stages of the best warm and the best first computation)');
console.log(`${'side'.padEnd(8)}${pad(['L', ...STAGES], 8)}  |${pad(STAGES, 8)}`);
for (const side of sides.filter((s) => s !== 'reference'))
  for (const L of Ls) {
    const o = results[side][L];
    const row = (t) => pad(STAGES.map((k) => ms(t?.[k])), 8);
    console.log(`${side.padEnd(8)}${pad([L], 8)}${row(o.warmStages)}  |${row(o.coldStages)}`);
  }

// ---- that --no-liftoff is V8's steady state and not a faster engine: V8's defaults, one process, many
// computations (its background tier-up settles) against the warm row above
const LONG = 60;
console.log(`\nsteady state without flags, 32 layers: ${LONG} computations in one process with V8's defaults, the best of` +
            ' the last 20, against the warm row above (--no-liftoff)');
for (const side of ['wasi', 'module']) {
  const r = side === 'wasi'
    ? run(process.execPath, [join(root, 'wasm', 'run-wasi.mjs'), 'case', '-', '--compact', '--repeat', String(LONG), '--timings'],
      { input: caseFor(32), env: wasiEnv })
    : run(process.execPath, [join(root, 'bench', 'module_case.mjs'), String(LONG)], { input: caseFor(32) });
  const totals = side === 'wasi' ? timingLines(r.stderr).map((t) => t.total) : JSON.parse(r.stdout).runs.map((u) => u.timing_ms.total);
  const early = min(totals.slice(1, 5)), late = min(totals.slice(-20));
  const ref = results.reference && results.reference[32];
  console.log(`  ${side.padEnd(7)} computations 2-5: best ${ms(early)}   last 20: best ${ms(late)}   --no-liftoff warm: ` +
              `${results[side][32] ? ms(results[side][32].warm) : '—'}` + (ref ? `   warm-vs-warm at the last 20: ${x(ref.warm / late)}` : ''));
}

// ---- the boundary: what the lab's analysis hands from the module to JS
console.log('\nthe WASM boundary: the lab\'s analysis (graphs + provenance) of an L-layer stack, browser module under Node' +
            ' (--no-liftoff)');
console.log(pad(['L', 'JSON bytes', 'parse 1st', 'parse warm', 'compute', 'text out'], 12) +
            '   (ms; text out = runCaseText beyond compute: JSON written in C, copied, decoded; warm = best of 2 after the first)');
for (const L of [1, 32, 126]) {
  const r = run(process.execPath, [...STEADY, join(root, 'bench', 'module_case.mjs'), '3'], { input: caseFor(L, { lab: true }) });
  const runs = JSON.parse(r.stdout).runs, warm = runs.slice(1);
  const out = min(warm.map((u) => u.call_ms - u.timing_ms.total));
  console.log(pad([L, runs[0].bytes, ms(runs[0].parse_ms, 2), ms(min(warm.map((u) => u.parse_ms)), 2),
    ms(min(warm.map((u) => u.timing_ms.total)), 2), ms(out, 2)], 12));
}

// ---- native peak memory of the 405B pipeline (getrusage's ru_maxrss through /usr/bin/time)
if (existsSync('/usr/bin/time')) {
  console.log('\npeak RSS, native, Llama-3.1-405B x126 prefill T=2048 (one process, /usr/bin/time %M):');
  for (const lab of [false, true]) {
    const r = run('/usr/bin/time', ['-f', 'GL_RSS %M', CLI, 'case', '-', '--compact'],
      { input: caseFor(126, { model: 'llama3.1-405b', lab }) });
    const kb = Number(/GL_RSS (\d+)/.exec(r.stderr)[1]);
    console.log(`  ${lab ? 'with graphs + provenance (the lab)' : 'shape-only analysis (no graphs)  '}: ` +
                `${(kb / 1024).toFixed(1)} MiB, output ${(r.stdout.length / 1e6).toFixed(2)} MB`);
  }
}
console.log(`\nload average at the end: ${load()}`);
