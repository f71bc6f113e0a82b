// module_case.mjs — one fresh Node process of the browser module (public/graphlab-core.mjs through
// wasm/graphlab.mjs) for bench/pipeline.mjs: loads it, runs the case read from stdin N times and prints one
// JSON line {load_ms, runs: [{timing_ms, call_ms, bytes, parse_ms}]}. timing_ms is the core's own (compute
// only); call_ms is runCaseText from request to returned text (the JSON written in C, copied out, decoded);
// bytes and parse_ms are what crosses the boundary: the text's length and its JSON.parse in this process.
//   node bench/module_case.mjs N < case.json      (BENCH_MODULE=dir: that directory's graphlab-core.mjs + .wasm)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import { createGraphLab } from '../wasm/graphlab.mjs';
import { nowMs } from './timing.mjs';

const n = Number(process.argv[2] ?? 1);
const text = readFileSync(0, 'utf8');
const t0 = nowMs();
const dir = process.env.BENCH_MODULE;
const gl = await createGraphLab(dir ? { moduleUrl: pathToFileURL(join(dir, 'graphlab-core.mjs')) } : {});
const loadMs = nowMs() - t0;
const runs = [];
for (let i = 0; i < n; i++) {
  const c0 = nowMs();
  const out = gl.runCaseText(text);
  const c1 = nowMs();
  const res = JSON.parse(out);
  const c2 = nowMs();
  runs.push({ timing_ms: res.timing_ms, call_ms: c1 - c0, bytes: Buffer.byteLength(out), parse_ms: c2 - c1 });
}
console.log(JSON.stringify({ load_ms: loadMs, runs }));
