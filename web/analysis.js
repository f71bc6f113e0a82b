// analysis.js — the page's side of analysis-worker.js. run(caseObj) resolves with {result, stages, ms, reused,
// early} (early: the worker had analysed this case from the link while the page booted) for
// the latest request only: an older one resolves with null (superseded) as soon as a newer one is made, so
// nothing but the latest configuration's result is ever applied. Without a worker (or when it fails to
// start) the analysis runs on the page, as it did before.
import { appUrl } from './app-url.js';
import { analyzeCase } from './analysis-core.js';
import { tableSlices } from './views/graph/collapse.js';
import { unpackResult } from './result-pack.js';
import { stagesFromMessage } from './stage-message.js';

// pageLab: the page's module, or a function that returns it (the page may create the analyzer before its
// module has loaded: only an analysis on the page needs it)
// worker: one already started (app.js), used in place of a new one unless it failed to start.
// The worker's first steps on this page's timeline (performance marks gl-worker-<step>: start, link, module,
// link-start, link-end, asked, posted; analysis-worker.js) and this result's arrival (gl-worker-received).
function markWorkerSteps(times) {
  try {
    performance.mark('gl-worker-received');
    for (const [step, at] of Object.entries(times)) {
      const t = at - performance.timeOrigin;
      if (Number.isFinite(t) && t >= 0) performance.mark(`gl-worker-${step}`, { startTime: t });
    }
  } catch {
    // marks are for the bench only
  }
}

export function createAnalyzer({ url, type = 'module', wasmBinary = null, pageLab, worker: early = null }) {
  const labOf = typeof pageLab === 'function' ? pageLab : () => pageLab;
  let worker = null;
  let broken = false;
  let seq = 0;
  let latest = 0;
  const waiting = new Map();   // id → {resolve, reject, kind}
  let inline = null;           // {id, table, keep} of the last result analysed on the page
  let sentStages = null;       // the stages of the worker's last result (a reused result sends none)

  function settle(id, fn) {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    fn(w);
  }

  function getWorker() {
    if (worker || broken) return worker;
    try {
      if (early && early.failedEarly) throw new Error('the early analysis worker failed to start');
      worker = early || new Worker(url || appUrl('analysis-worker.js'), { type });
    } catch (err) {
      console.warn('analysis worker unavailable, analysing on the page:', err && err.message);
      broken = true;
      return null;
    }
    if (wasmBinary) worker.postMessage({ type: 'init', wasmBinary });
    worker.onmessage = (ev) => {
      const m = ev.data || {};
      if (m.type === 'result') {
        if (m.times) markWorkerSteps(m.times);
        // every result, applied or not, is what the worker's next reuse refers to
        const stages = m.reused ? sentStages : stagesFromMessage(m.stages);
        sentStages = stages;
        settle(m.id, (w) => w.resolve(m.id === latest ? { result: unpackResult(JSON.parse(m.resultText), m.packed), stages, ms: m.ms, reused: !!m.reused, early: !!m.early } : null));
      } else if (m.type === 'dropped') settle(m.id, (w) => w.resolve(null));
      else if (m.type === 'error') {
        settle(m.id, (w) => (w.kind === 'analyze' && m.id !== latest ? w.resolve(null)
          : w.reject(Object.assign(new Error(m.error.message), { code: m.error.code }))));
      } else if (m.type === 'layer') settle(m.id, (w) => w.resolve(m.slices));
      else if (m.type === 'heap') settle(m.id, (w) => w.resolve(m.heap));
    };
    worker.onerror = (ev) => {
      // the worker could not start (or died): redo the latest analysis on the page, from now on
      ev.preventDefault();
      console.warn('analysis worker failed, analysing on the page:', ev.message);
      broken = true;
      worker = null;
      const todo = [...waiting];
      waiting.clear();
      for (const [id, w] of todo) {
        if (w.kind === 'analyze' && id === latest && w.caseObj) runInline(id, w.caseObj).then(w.resolve, w.reject);
        else w.resolve(null);
      }
    };
    return worker;
  }

  function runInline(id, caseObj) {
    return new Promise((resolve) => {
      const out = analyzeCase(labOf(), caseObj, inline && inline.keep);
      inline = { id, table: out.table, keep: out.keep };
      resolve({ result: unpackResult(JSON.parse(out.resultText), out.packed), stages: out.stages, ms: out.ms, reused: out.reused });
    });
  }

  function ask(msg, extra = {}) {
    const id = ++seq;
    return { id, promise: new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, ...extra });
      worker.postMessage({ ...msg, id });
    }) };
  }

  return {
    /** Starts the worker and its module load ahead of the first analysis. */
    warm() {
      const w = getWorker();
      if (w) w.postMessage({ type: 'warm' });
    },
    /** Analyses a case; returns {id, promise}. */
    run(caseObj) {
      for (const [id, w] of waiting) if (w.kind === 'analyze') settle(id, (x) => x.resolve(null));
      const w = getWorker();
      if (!w) {
        const id = latest = ++seq;
        return { id, promise: runInline(id, caseObj) };
      }
      const r = ask({ type: 'analyze', caseObj }, { kind: 'analyze', caseObj });
      latest = r.id;
      return r;
    },
    /** One layer's nodes in every stage of result `rid` (an id run() returned), or null if it is gone. */
    layer(rid, layer) {
      if (!worker) return Promise.resolve(inline && inline.id === rid ? tableSlices(inline.table, layer) : null);
      return ask({ type: 'layer', rid, layer }).promise;
    },
    /** The WASM heap of the module that runs the analyses (heapStats()). */
    heap() {
      if (!worker) return Promise.resolve(pageLab.heapStats());
      return ask({ type: 'heap' }).promise;
    },
  };
}
