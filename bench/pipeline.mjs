// Pipeline benchmark: the whole analysis (build, all passes, fuse eager + fused, cost, lifetimes, naive /
// greedy / lower bound) on Llama-3-8B prefill stacks (T = 2048), through the CLI, against the reference
// module measured in the same run. Ours is `timing_ms.total` from `build/graphlab case` (compute only, no
// JSON I/O; the process wall time is printed beside it to show it is honest): "cold" is a fresh process's
// only computation, "warm" the third of `--repeat 3` in one process (the reference is likewise timed in a
// warm interpreter). The ratio uses warm. Usage: node bench/pipeline.mjs [L ...]
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'build', 'graphlab');
const refScript = join(root, 'bench', 'ref_pipeline.py');
const refModule = join(root, '..', 'shared', 'reference', 'graph_lab.py');
const layers = process.argv.slice(2).map(Number).filter(Boolean);
const Ls = layers.length ? layers : [1, 4, 16, 32, 126];

const caseFor = (L) => JSON.stringify({
  case: `llama3-8b x${L}`,
  config: { preset: 'llama3-8b', mode: 'prefill', T: 2048, pos0: 0, layers: L },
  elem_bytes: 2, device: 'h100', emit: { graphs: false, provenance: false },
});

function timed(L, repeat) {
  const t0 = process.hrtime.bigint();
  const out = execFileSync(cli, ['case', '-', '--compact', '--repeat', String(repeat)],
    { input: caseFor(L), maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const res = JSON.parse(out);
  return { ms: res.timing_ms.total, wall, nodes: res.passes.at(-1).nodes };
}

function ours(L) {
  const reps = L <= 32 ? 7 : 3;
  let cold = Infinity, best = Infinity, wall = Infinity, nodes = 0;
  for (let r = 0; r < reps; r++) {
    const c = timed(L, 1), w = timed(L, 3);
    cold = Math.min(cold, c.ms);
    best = Math.min(best, w.ms);
    wall = Math.min(wall, c.wall);
    nodes = c.nodes;
  }
  return { cold, best, wall, nodes };
}

function haveReference() {
  if (!existsSync(refModule)) return false;
  return spawnSync('/usr/bin/python3', ['-c', 'import numpy'], { stdio: 'ignore' }).status === 0;
}

function reference(L) {
  const reps = L <= 16 ? 3 : 1;
  let best = Infinity;
  for (let r = 0; r < reps; r++) {
    const out = execFileSync('/usr/bin/python3', [refScript, String(L)], { encoding: 'utf8' });
    best = Math.min(best, Number(out.trim().split(/\s+/)[1]));
  }
  return best;
}

if (!existsSync(cli)) { console.error('build/graphlab is missing: run make'); process.exit(1); }
const withRef = haveReference();
console.log(`GraphLab analysis pipeline, Llama-3-8B prefill T=2048 (ms; ours = best timing_ms.total)`);
if (!withRef) console.log('(reference module or numpy not at hand: the ratio column is skipped)');
const head = ['L', 'nodes', 'cold ms', 'process ms', 'warm ms', 'per layer', withRef ? 'reference ms' : null,
  withRef ? 'ratio' : null, withRef ? 'cold ratio' : null]
  .filter(Boolean);
console.log(head.map((h) => h.padStart(13)).join(''));
let first = null;
for (const L of Ls) {
  const o = ours(L);
  first ??= { L, ms: o.best };
  const growth = L === first.L ? o.best / L : (o.best - first.ms) / (L - first.L);
  const cols = [L, o.nodes, o.cold.toFixed(3), o.wall.toFixed(1), o.best.toFixed(3), growth.toFixed(3)];
  if (withRef) {
    const ref = reference(L);
    cols.push(ref.toFixed(1), `${(ref / o.best).toFixed(1)}x`, `${(ref / o.cold).toFixed(1)}x`);
  }
  console.log(cols.map((c) => String(c).padStart(13)).join(''));
}
