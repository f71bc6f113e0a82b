#!/usr/bin/env node
// lab_analysis.mjs — the lab's analysis of the 126-layer Llama-3.1-405B prefill (web/analysis-core.js
// analyzeCase, what the analysis worker runs) in Node on the browser module, per analysis: a T change
// 1024 ↔ 2048 (re-traced; the same graph structure, so the stages' keys and layers are reused) and an element
// bytes change 4 ↔ 2 (no graphs asked for). Prints medians of the whole analysis and of the module call (the
// core, its JSON and the packed columns), and the load average: a number to compare builds in one run, warm
// against warm, not a target. LAB_ANALYSIS_ROOT: another checkout's tree (its web/ and public/, e.g. a
// `git archive` of main built with `make wasm`); LAB_ANALYSIS_REPEAT: analyses per change (default 10).
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(process.env.LAB_ANALYSIS_ROOT || path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
const N = Math.max(2, Number(process.env.LAB_ANALYSIS_REPEAT) || 10);
const imp = (rel) => import(pathToFileURL(path.join(ROOT, rel)).href);

const { analyzeCase } = await imp('web/analysis-core.js');
const { caseFromState, defaultState, withPatch } = await imp('web/state.js');
const { createGraphLab } = await imp('wasm/graphlab.mjs');
const gl = await createGraphLab();
let callMs = 0;
for (const m of ['runCaseColumns', 'runCasePacked', 'runCase']) {
  if (typeof gl[m] !== 'function') continue;
  const f = gl[m];
  gl[m] = (c) => {
    const t = performance.now();
    try {
      return f(c);
    } finally {
      callMs += performance.now() - t;
    }
  };
}
const st = withPatch(defaultState(), { cfg: { d: 16384, H: 128, G: 8, dh: 128, f: 53248, eps: 0.00001, theta: 500000, layers: 126, T: 2048 } });
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
let keep = analyzeCase(gl, caseFromState(st)).keep;
analyzeCase(gl, caseFromState(st), keep);   // warm both paths once
function run(patch) {
  const total = [], call = [];
  for (let i = 0; i < N; i++) {
    const c = caseFromState(withPatch(st, patch(i)));
    callMs = 0;
    const t = performance.now();
    keep = analyzeCase(gl, c, keep).keep;
    total.push(performance.now() - t);
    call.push(callMs);
  }
  return `median ${median(total).toFixed(1)} ms, best ${Math.min(...total).toFixed(1)} (the module call ${median(call).toFixed(1)}, ` +
    `the rest ${median(total.map((x, i) => x - call[i])).toFixed(1)}), n=${N}`;
}
console.log(`405B x126 analyzeCase in Node, ${ROOT}, load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log(`  T 1024 ↔ 2048 (re-traced)           ${run((i) => ({ cfg: { T: i % 2 ? 2048 : 1024 } }))}`);
console.log(`  element bytes 4 ↔ 2 (stages kept)   ${run((i) => ({ eb: i % 2 ? 2 : 4 }))}`);
console.log(`  load average at the end ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
