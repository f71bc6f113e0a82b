// pypass_module.mjs — the lecture's cse as Python source (tests/golden/pypass/lecture_passes.py) in the browser
// module (public/graphlab-core.*, gl.pypass), on one Llama-3-8B prefill layer and the 126-layer Llama-3.1-405B
// stack (T = 2048, shape-only): the pass's own time (the module's "ms": a fresh interpreter, the prelude, the
// source, the graph into Python objects, cse, the graph back), the best of a few runs. Issue 31's targets:
// < 50 ms and < 1 s. Prints numbers; never fails on speed. `make bench` runs it with V8's --no-liftoff (TurboFan
// from each function's first call: the steady state the lab reaches, as bench/pipeline.mjs's warm rows); with
// V8's defaults the first runs are Liftoff code.   node --no-liftoff bench/pypass_module.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { createGraphLab } = await import(join(root, 'wasm', 'graphlab.mjs'));
const gl = await createGraphLab();
const src = readFileSync(join(root, 'tests', 'golden', 'pypass', 'lecture_passes.py'), 'utf8');
const stack = (preset, layers) => ({ case: `${preset} x${layers}`, config: { preset, mode: 'prefill', T: 2048, layers },
  elem_bytes: 2, device: 'h100' });
console.log('pypass (browser module): the lecture\'s cse as Python source; best of N, ms');
for (const [label, c, n] of [['Llama-3-8B, 1 layer', stack('llama3-8b', 1), 20], ['Llama-3.1-405B, 126 layers', stack('llama3.1-405b', 126), 4]]) {
  const ms = [];
  let r;
  for (let i = 0; i < n; i++) {
    r = gl.pypass(c, src, 'cse', { file: 'lecture_passes.py' });
    ms.push(r.ms);
  }
  console.log(`  ${label.padEnd(28)} ${Math.min(...ms).toFixed(1).padStart(8)} ms   (first ${ms[0].toFixed(1)} ms, ${r.steps} steps)`);
}
