// trace_speed.mjs — `graphlab trace` against the reference, whole processes: the 126-layer Llama-3.1-405B
// prefill stack written as a student writes it (the lecture's layer source, a loop over layers, f-string
// param names, shape-only params), run as `build/graphlab trace prog.py` and as `python3 prog.py` with the
// reference importable as graph_lab. Both sides are fresh processes timed from spawn to exit (first call
// against first call), interleaved A B A B so that drift hits both; prints medians and the ratio. Issue 30
// asks for at least 5x. Prints numbers; never fails on speed.
//   node bench/trace_speed.mjs [runs]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.argv[2] || 9);
const PYTHON = '/usr/bin/python3';
const SHARED = [join(ROOT, '..', 'shared'), join(ROOT, '..', '..', 'shared')].find((d) => existsSync(join(d, 'reference')));
const CLI = join(ROOT, 'build', 'graphlab');

const LAYERS = readFileSync(join(ROOT, 'tests', 'golden', 'programs', 'lecture_layers.py'), 'utf8');
const PROGRAM = `import math
from graph_lab import F, LayerCfg, rope_tables, trace

${LAYERS}

NAMES = ["attn_norm", "wq", "wk", "wv", "wo", "mlp_norm", "w_gate", "w_up", "w_down"]

def layer_shapes(cfg):
    d, H, G, dh, f = cfg.d, cfg.H, cfg.G, cfg.dh, cfg.f
    return {"attn_norm": (d,), "wq": (d, H * dh), "wk": (d, G * dh), "wv": (d, G * dh), "wo": (H * dh, d),
            "mlp_norm": (d,), "w_gate": (d, f), "w_up": (d, f), "w_down": (f, d)}

cfg = LayerCfg(16384, 128, 8, 128, 53248, 1e-5, 500000.0)
L, T = 126, 2048
layer = prefill_layer(cfg, T)

def stack(x, p):
    for i in range(L):
        x = layer(x, {k: p[f"{i}.{k}"] for k in NAMES})
    return x

params = {f"{i}.{k}": s for i in range(L) for k, s in layer_shapes(cfg).items()}
g = trace(stack, {"x": (T, cfg.d)}, params)
print("traced", L, "layers")
`;

function time(cmd, args, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.slice(0, 400)}`);
  return { ms, out: r.stdout, err: r.stderr };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

if (!existsSync(CLI)) throw new Error('build/graphlab is missing: make native');
const dir = mkdtempSync(join(tmpdir(), 'trace-speed-'));
const file = join(dir, 'stack405b.py');
writeFileSync(file, PROGRAM);
const ours = [];
const ref = [];
const haveRef = SHARED && existsSync(PYTHON);
for (let i = 0; i <= RUNS; i++) {
  const a = time(CLI, ['trace', file]);
  if (i === 0 && !/layers\n$/.test(a.err)) throw new Error(`unexpected output: ${a.err.slice(0, 200)}`);
  if (i) ours.push(a.ms);                 // run 0 warms the file cache for both sides
  if (haveRef) {
    const b = time(PYTHON, [file], { PYTHONPATH: join(SHARED, 'reference') });
    if (i === 0 && a.err !== b.out) throw new Error(`the two print different things: ${a.err} vs ${b.out}`);
    if (i) ref.push(b.ms);
  }
}
const m = median(ours);
console.log(`graphlab trace, 126-layer 405B stack program (whole processes, first call vs first call, median of ${RUNS}):`);
console.log(`  graphlab trace ${m.toFixed(1)} ms (min ${Math.min(...ours).toFixed(1)}, max ${Math.max(...ours).toFixed(1)})`);
if (haveRef) {
  const mr = median(ref);
  console.log(`  reference      ${mr.toFixed(1)} ms (min ${Math.min(...ref).toFixed(1)}, max ${Math.max(...ref).toFixed(1)})`);
  console.log(`  ratio          ${(mr / m).toFixed(1)}x faster (target: at least 5x)`);
} else {
  console.log('  reference: /usr/bin/python3 or ../shared/reference not found, no ratio');
}
