// analysis-worker.js — the shape-only analysis of a configuration (runCaseColumns, model.js stageTable) off
// the main thread: 256 decode layers take seconds. Only the latest request runs: requests that arrived
// while one ran are dropped but the newest, and the page applies nothing but the latest answer.
//
// Five kinds of message, the page's requests and this worker's answers:
//   in   {type: 'analyze', id, caseObj} · {type: 'analyze', link: hash} (the configuration the page's link opens,
//        analysed while the page boots: start.js, app.js) · {type: 'analyze'} (load the module now); any of
//        them may carry wasmBinary (the single-file build's module bytes)
//        {type: 'layer', id, rid, layer} (one layer's nodes of result rid in every stage)
//        {type: 'progress', id} (how the worker is: answered with its module's heap)
//   out  {type: 'result', id, resultText, packed, stages, reused, ms, times} — the answer to an analyze; also
//        unasked, the link's: {type: 'result', id: null, link: text (its case), …}; {id, taken: true}: a
//        request for the link's case, whose answer the page has; {id, dropped: true}: a request superseded
//        before it ran (stages null when reused: the last result's stages stand; stages come without byKey,
//        which the page rebuilds; times: the first message's, when this worker reached each step)
//        {type: 'layer', id, slices}
//        {type: 'progress', wasmModule} (after a link: the compiled WebAssembly.Module, or null, for the
//        page's own module) · {type: 'progress', facts: {link, resultText, packed} | {link, error}} (the
//        link's lab facts, after its stages) · {type: 'progress', id, heap}
//        {type: 'error', id, error: {code, message}}
// resultText is the result without `graphs` and `provenance` (they are in the stages) and without its long
// tables as JSON text, which the page parses faster than it receives the same object; the tables (kernels,
// lifetimes, …) are `packed` as typed-array columns (result-pack.js), transferred rather than copied. Stages of
// a big result (a stage over LITE_NODES nodes) are summaries; their layers' nodes are sent on request ('layer').
import { analyzeCase } from './analysis-core.js';
import { tableSlices } from './views/graph/collapse.js';
import { parseHash, withKnownDevice, caseFromState, LIMITS } from './state.js';
import { useCoreTables } from './core-tables.js';
import { stagesForMessage } from './stage-message.js';
import { fetchCoreMeta, coreMetaOf } from './core-meta.js';
// The binding and the Emscripten factory, imported with this script (fetched while it is parsed, not once the
// link's message has run: they were the last of the module's files to arrive). Served beside app/, not bundled.
import * as bindingModule from '../graphlab.mjs';
import * as factoryModule from '../graphlab-core.mjs';

let labPromise = null;
let wasmBinary = null;
let kept = null;      // {id, table, keep} of the last result: the layers of its boxes are read from its stages on
                      // columns, and keep is analyzeCase's prev (a change of element bytes or device reuses its stages)
let pending = null;   // the newest analyze request not run yet
let early = null;     // {text, out, facts, taken}: the link's analysis, made while the page boots and pushed to it
                      // (its case as JSON text; facts: out.finishFacts()'s, once made; taken: the page asked for it)
let scheduled = false;

let fetched = null;   // {wasm, meta}: the compiled .wasm and the build's core-meta.json, asked for at once (prefetch)

// When this worker got to each step of its first result, as epoch milliseconds (the page's clock has another
// origin): sent with that result, which the page marks on its own timeline (analysis.js, gl-worker-*) so
// that a link's first graph can be explained step by step (bench/lab_speed.mjs).
let times = { start: performance.timeOrigin + performance.now() };
const stamp = (step) => {
  if (times && !(step in times)) times[step] = performance.timeOrigin + performance.now();
};

// The compiled .wasm and the build's meta, asked for together (the served page's link asks for this first).
// wasm is null when it cannot be compiled here (no fetch, a server without application/wasm): the factory then
// fetches it itself.
function prefetch() {
  if (fetched || wasmBinary) return;
  let wasm = null;
  try {
    const url = new URL('../graphlab-core.wasm', import.meta.url);
    wasm = WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' })).catch(() => null);
  } catch {
    wasm = Promise.resolve(null);
  }
  // the compiled module, for the page too (app.js): a WebAssembly.Module is cloned with its compiled code
  wasm.then((module) => {
    try {
      self.postMessage({ type: 'progress', wasmModule: module });
    } catch {
      self.postMessage({ type: 'progress', wasmModule: null });   // not cloneable here: the page compiles its own
    }
  });
  const meta = fetchCoreMeta(new URL('./core-meta.json', import.meta.url));
  fetched = { wasm, meta };
}

function load() {
  if (!labPromise) {
    labPromise = (async () => {
      const mod = bindingModule;
      const create = mod.createGraphLab || (mod.default && mod.default.createGraphLab) || mod.default;
      const opts = { createModule: factoryModule.default };
      if (wasmBinary) opts.wasmBinary = wasmBinary;
      else if (fetched) {
        const wasmModule = await fetched.wasm;
        if (wasmModule) opts.wasmModule = wasmModule;
      }
      return create(opts);
    })();
  }
  return labPromise;
}

function errorOf(err) {
  return { code: err && err.code, message: err && typeof err.message === 'string' ? err.message : String(err) };
}

async function pump() {
  scheduled = false;
  const msg = pending;
  pending = null;
  if (!msg) return;
  try {
    const lab = await load();
    stamp('module');
    if (pending) return schedule();     // a newer request came while the module loaded
    // the page's deadline for a program's analysis counts from now: loading the module is not the analysis
    self.postMessage({ type: 'progress', id: msg.id, started: true });
    // the link's result, pushed: its facts follow it in every case, as the page may have answered a request with
    // it on its own side (analysis.js takePush) and waits for them; taken here, they also complete its keep
    if (early) finishEarly();
    early = null;
    const out = analyzeCase(lab, msg.caseObj, kept && kept.keep);
    kept = { id: msg.id, table: out.table, keep: out.keep };
    // reused: the stages are the ones sent with the last result (the page keeps them), so none are copied: the
    // graphs were not asked for (element bytes, the device), or a change of sizes left the summaries as they were
    const same = out.reused || out.keptStages;
    stamp('posted');
    self.postMessage({ type: 'result', id: msg.id, resultText: out.resultText, packed: out.packed,
      stages: same ? null : stagesForMessage(out.stages), reused: same, ms: out.ms, times }, out.transfer);
    times = null;
  } catch (err) {
    dropTrapped(err);
    self.postMessage({ type: 'error', id: msg.id, error: errorOf(err) });
  }
  schedule();
}

// A module that trapped (a stack overflow, unreachable) refuses every later call (wasm/graphlab.mjs): it is
// dropped, with the result kept from it, and the next request loads a fresh one, so the lab keeps working
// after any program without a reload.
function dropTrapped(err) {
  const m = err && typeof err.message === 'string' ? err.message : '';
  if (err && err.code === 'GL_E_INTERNAL' && /trapped|stopped after a fatal error/.test(m)) {
    labPromise = null;
    kept = null;
    early = null;
  }
}

// The link's result, pushed to the page as soon as it is made (the page takes it for its first request when that
// is the link's case, analysis.js, without waiting for this worker to answer): its stages and the core's tables
// now, the lab's facts after (finishEarly), which the link's first graph does not need.
function pushEarly() {
  const out = early.out;
  stamp('posted');
  // (out.transfer is empty: the core's tables are copied, the facts are made from them after)
  self.postMessage({ type: 'result', id: null, link: early.text, resultText: out.resultText, packed: out.packed,
    stages: stagesForMessage(out.stages), ms: out.ms, times });
  times = null;
}

// The link's result's facts (analysis-core.js finishFacts), made once and pushed after its stages: they complete
// its keep, which the next analysis reuses when the page took it.
function finishEarly() {
  if (!early || early.facts) return;
  try {
    early.facts = early.out.finishFacts();
  } catch (err) {
    early.facts = { error: errorOf(err) };
  }
  const f = early.facts;
  if (f.error) self.postMessage({ type: 'progress', facts: { link: early.text, error: f.error } });
  else self.postMessage({ type: 'progress', facts: { link: early.text, resultText: f.resultText, packed: f.packed } }, f.transfer);
  if (early.taken) early = null;
}

// The page asked for the link's case: it has (or will have: messages keep their order) the pushed result; this
// worker's next reuse refers to it.
function takeEarly(msg) {
  kept = { id: msg.id, table: early.out.table, keep: early.out.keep };
  early.taken = true;
  self.postMessage({ type: 'result', id: msg.id, taken: true });
  if (early.facts) early = null;
}

// The link's configuration, read as the page will read it once its own module has loaded (main.js boot: the
// hash with the core's limits, a device the core does not know dropped), analysed ahead of the page's request:
// a link to a big model is then analysed while the page's ~80 modules and its module load, not after. The page
// still asks; only an identical case takes this result, anything else is analysed afresh.
async function analyzeLink(hash) {
  try {
    const lab = await load();
    stamp('module');
    if (pending || kept) return;                     // the page has asked already
    const { meta, presets } = coreMetaOf(lab, fetched ? await fetched.meta : null);   // the page checks the file
    if (pending || kept) return;                     // (asked while the meta file came: that request runs instead)
    useCoreTables(meta);
    const devices = presets.devices;
    const state = withKnownDevice(parseHash(hash, { limits: LIMITS(meta) }).state, devices);
    const caseObj = caseFromState(state, { presetDevices: devices });
    stamp('link-start');
    early = { text: JSON.stringify(caseObj), out: analyzeCase(lab, caseObj, null, { deferFacts: true }), facts: null, taken: false };
    stamp('link-end');
    pushEarly();
    setTimeout(finishEarly, 0);
  } catch {
    early = null;                                    // the page's own request reports what is wrong
  }
}

function schedule() {
  if (scheduled || !pending) return;
  scheduled = true;
  setTimeout(pump, 0);   // the requests queued behind a long run arrive first; only the newest runs
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.wasmBinary) wasmBinary = msg.wasmBinary;
  if (msg.type === 'analyze' && typeof msg.link === 'string') {
    stamp('link');
    prefetch();
    analyzeLink(msg.link);
  } else if (msg.type === 'analyze' && !msg.caseObj) {
    load().catch(() => {});   // a failure is reported by the first analysis (it awaits the same load)
  } else if (msg.type === 'analyze') {
    stamp('asked');
    if (!pending && early && !early.taken && early.text === JSON.stringify(msg.caseObj)) return takeEarly(msg);
    if (pending) self.postMessage({ type: 'result', id: pending.id, dropped: true });
    pending = msg;
    schedule();
  } else if (msg.type === 'layer') {
    const slices = kept && kept.id === msg.rid ? tableSlices(kept.table, msg.layer) : null;   // decoded now, one layer
    self.postMessage({ type: 'layer', id: msg.id, slices });
  } else if (msg.type === 'progress') {
    try {
      self.postMessage({ type: 'progress', id: msg.id, heap: (await load()).heapStats() });
    } catch (err) {
      self.postMessage({ type: 'error', id: msg.id, error: errorOf(err) });
    }
  }
};
