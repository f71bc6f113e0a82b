// analysis.js — the page's side of analysis-worker.js. run(caseObj) resolves with {result, stages, ms, reused,
// early, facts} (early: the worker had analysed this case from the link while the page booted; facts: null, or a
// Promise when the lab's facts of the result — lab_kernels, lab_values, lab_places, lab_run_footprint — follow:
// resolved once they are in result) for
// the latest request only: an older one resolves with null (superseded) as soon as a newer one is made, so
// nothing but the latest configuration's result is ever applied. Without a worker (or when it fails to
// start) the analysis runs on the page, as it did before.
import { appUrl } from './app-url.js';
import { analyzeCase } from './analysis-core.js';
import { tableSlices } from './views/graph/collapse.js';
import { unpackResult } from './result-pack.js';
import { stagesFromMessage } from './stage-message.js';

// The worker's first steps on this page's timeline (performance marks gl-worker-<step>: start, link, module,
// link-start, link-end, asked, posted; analysis-worker.js) and its first message's arrival (gl-worker-received).
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

// A program's analysis (a case with `program`) that runs longer than this is cancelled: the worker is
// terminated (the only way to stop WASM mid-run) and a new one started, and the request fails with a message
// (code GL_E_TIMEOUT). The front end's own budgets end a program within ~1 s; what is left is the pipeline on
// a graph the program built (up to 100,000 nodes), which can take many seconds. window.GL_PROGRAM_TIMEOUT_MS
// overrides it (the e2e tests).
export const PROGRAM_TIMEOUT_MS = 8000;
// A newer request while the worker is still busy with a program's for longer than this: the worker is
// replaced at once, so the newest program is analysed now rather than after the old one ends.
export const BUSY_RESTART_MS = 700;

// the link's result the worker pushed, as the page keeps it until a request for its case takes it; facts: a
// Promise resolved once the lab's facts of it follow (resolveFacts)
function pushedResult(m) {
  let resolveFacts;
  const facts = new Promise((resolve) => { resolveFacts = resolve; });
  return { text: m.link, result: unpackResult(JSON.parse(m.resultText), m.packed), stages: stagesFromMessage(m.stages), ms: m.ms,
    facts, factsDone: false, resolveFacts };
}
const answerOf = (p) => ({ result: p.result, stages: p.stages, ms: p.ms, reused: false, early: true, facts: p.factsDone ? null : p.facts });

function stop(w) {
  w.onmessage = null;
  w.onerror = null;
  try { w.terminate(); } catch { /* gone already */ }
}

// The analyses sent to the worker and not answered yet (the oldest is the one it runs; a superseded one still
// runs until it answers), and the latest program analysis's deadline: armed when the worker says it runs the
// request (`started`: a restarted worker first loads its module, which is not the program's analysis); when
// it passes unanswered and still the latest (latestId()), onTimeout(seconds as text).
function createWatchdog(timeoutMs, latestId, onTimeout) {
  const inflight = new Map();  // id → {program, since}
  let timer = null;
  const disarm = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    watch(id, caseObj) {
      inflight.set(id, { program: !!(caseObj && typeof caseObj.program === 'string'), since: performance.now() });
      disarm();
    },
    started(id) {
      const f = inflight.get(id);
      if (!f || !f.program || id !== latestId()) return;
      disarm();
      const ms = timeoutMs();
      timer = setTimeout(() => {
        timer = null;
        if (!inflight.has(id) || id !== latestId()) return;
        onTimeout((ms / 1000).toFixed(ms % 1000 ? 1 : 0));
      }, ms);
    },
    answered(id) {
      inflight.delete(id);
      if (id === latestId()) disarm();
    },
    clear() {
      disarm();
      inflight.clear();
    },
    /** Whether a program's analysis has been running longer than ms. */
    busyFor(ms) {
      const now = performance.now();
      return [...inflight.values()].some((f) => f.program && now - f.since > ms);
    },
  };
}

// pageLab: the page's module, or a function that returns it or the Promise of it (the page creates the analyzer
// before its module has loaded: only an analysis on the page needs it)
// worker: one already started (app.js), used in place of a new one unless it failed to start.
export function createAnalyzer({ url, type = 'module', wasmBinary = null, pageLab, worker: early = null, programTimeoutMs }) {
  const labOf = typeof pageLab === 'function' ? pageLab : () => pageLab;
  const timeoutMs = () => programTimeoutMs ?? ((typeof self !== 'undefined' && self.GL_PROGRAM_TIMEOUT_MS) || PROGRAM_TIMEOUT_MS);
  let worker = null;
  let broken = false;
  // a program's analysis that runs too long: the worker restarted (the only way to stop WASM mid-run)
  const dog = createWatchdog(timeoutMs, () => latest, (s) => restart(Object.assign(new Error(`program.py: the program's analysis ran for more than ${s} s and was stopped ` +
    '(a loop that builds a very large graph?); the analysis worker was restarted'), { code: 'GL_E_TIMEOUT' })));
  let seq = 0;
  let latest = 0;
  const waiting = new Map();   // id → {resolve, reject, kind}
  // the link's result the worker pushed ({text (its case), result, stages, ms, facts, factsDone, resolveFacts}):
  // the answer to the first request for that case, whether made before it came or after
  let pushed = null;
  let inline = null;           // {id, table, keep} of the last result analysed on the page
  let sentStages = null;       // the stages of the worker's last result (a reused result sends none)

  function settle(id, fn) {
    const w = waiting.get(id);
    if (!w) return;
    waiting.delete(id);
    fn(w);
  }
  const answered = (id) => dog.answered(id);

  // The worker is stopped and forgotten (its module, its kept result); the next request starts a new one.
  // Every request still waiting on it: the latest analysis rejects with `error` (when given), the rest resolve
  // with null (superseded).
  function restart(error) {
    dog.clear();
    const w = worker;
    worker = null;
    early = null;
    if (pushed && !pushed.factsDone) pushed.resolveFacts(false);   // (no facts will come: the panels draw without)
    pushed = null;
    sentStages = null;
    if (w) stop(w);
    const todo = [...waiting];
    waiting.clear();
    for (const [id, x] of todo) {
      if (error && x.kind === 'analyze' && id === latest) x.reject(error);
      else x.resolve(null);
    }
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
    if (wasmBinary) worker.postMessage({ type: 'analyze', wasmBinary });   // (no case: loads the module)
    worker.onmessage = (ev) => {
      const m = ev.data || {};
      if ((m.type === 'result' && m.id !== null) || m.type === 'error') answered(m.id);
      if (m.type === 'result' && m.id === null) {
        if (m.times) markWorkerSteps(m.times);
        takePush(m);
      } else if (m.type === 'result' && m.taken) {
        if (pushed) sentStages = pushed.stages;
        settle(m.id, (w) => w.resolve(m.id === latest && pushed ? answerOf(pushed) : null));
      } else if (m.type === 'result' && m.dropped) settle(m.id, (w) => w.resolve(null));
      else if (m.type === 'result') {
        if (m.times) markWorkerSteps(m.times);
        // every result, applied or not, is what the worker's next reuse refers to
        const stages = m.reused ? sentStages : stagesFromMessage(m.stages);
        sentStages = stages;
        settle(m.id, (w) => w.resolve(m.id === latest ? { result: unpackResult(JSON.parse(m.resultText), m.packed), stages, ms: m.ms, reused: !!m.reused, early: false, facts: null } : null));
      } else if (m.type === 'progress' && m.facts) {
        const f = m.facts;
        if (!pushed || pushed.text !== f.link) return;
        if (f.error) console.warn('the analysis worker could not make the lab\'s facts of the link\'s result:', f.error.message);
        else unpackResult(Object.assign(pushed.result, JSON.parse(f.resultText)), f.packed);
        pushed.factsDone = true;
        pushed.resolveFacts(!f.error);
      } else if (m.type === 'progress' && m.started) dog.started(m.id);
      else if (m.type === 'progress' && m.heap) settle(m.id, (w) => w.resolve(m.heap));
      else if (m.type === 'error') {
        settle(m.id, (w) => (w.kind === 'analyze' && m.id !== latest ? w.resolve(null)
          : w.reject(Object.assign(new Error(m.error.message), { code: m.error.code }))));
      } else if (m.type === 'layer') settle(m.id, (w) => w.resolve(m.slices));
    };
    // what the worker said before this page took it over (start.js keeps it: the link's pushed result)
    const before = worker.earlyMessages || [];
    worker.earlyMessages = null;
    for (const data of before) worker.onmessage({ data });
    worker.onerror = (ev) => {
      // the worker could not start (or died): redo the latest analysis on the page, from now on
      ev.preventDefault();
      console.warn('analysis worker failed, analysing on the page:', ev.message);
      broken = true;
      worker = null;
      if (pushed && !pushed.factsDone) pushed.resolveFacts(false);
      const todo = [...waiting];
      waiting.clear();
      for (const [id, w] of todo) {
        if (w.kind === 'analyze' && id === latest && w.caseObj) runInline(id, w.caseObj).then(w.resolve, w.reject);
        else w.resolve(null);
      }
    };
    return worker;
  }

  // the worker's pushed link result: kept for the request for its case, which takes it at once
  function takePush(m) {
    pushed = pushedResult(m);
    // a request for that case already made: answered now (the worker's `taken` answer then finds it settled)
    for (const [id, w] of waiting) {
      if (w.kind === 'analyze' && id === latest && w.text === m.link) {
        pushed.taken = true;
        sentStages = pushed.stages;
        settle(id, (x) => x.resolve(answerOf(pushed)));
      }
    }
  }

  async function runInline(id, caseObj) {
    const lab = await labOf();   // (the page's module, or the Promise of it while it loads)
    const out = analyzeCase(lab, caseObj, inline && inline.keep);
    inline = { id, table: out.table, keep: out.keep };
    return { result: unpackResult(JSON.parse(out.resultText), out.packed), stages: out.stages, ms: out.ms, reused: out.reused };
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
      if (w) w.postMessage({ type: 'analyze' });   // no case: the module loads
    },
    /** Analyses a case; returns {id, promise}. */
    run(caseObj) {
      // the worker still runs an older program's analysis (it reads no message until that ends): replaced now
      if (dog.busyFor(BUSY_RESTART_MS)) restart(null);
      for (const [id, w] of waiting) if (w.kind === 'analyze') settle(id, (x) => x.resolve(null));
      const w = getWorker();
      if (!w) {
        const id = latest = ++seq;
        return { id, promise: runInline(id, caseObj) };
      }
      const text = JSON.stringify(caseObj);
      if (pushed && pushed.text === text && !pushed.taken) {
        // the link's result, pushed already: answered at once (the worker is told, for its next reuse)
        pushed.taken = true;
        const r = ask({ type: 'analyze', caseObj }, { kind: 'taken' });
        latest = r.id;
        waiting.delete(r.id);
        sentStages = pushed.stages;
        return { id: r.id, promise: Promise.resolve(answerOf(pushed)) };
      }
      const r = ask({ type: 'analyze', caseObj }, { kind: 'analyze', caseObj, text });
      latest = r.id;
      dog.watch(r.id, caseObj);
      return r;
    },
    /** One layer's nodes in every stage of result `rid` (an id run() returned), or null if it is gone. */
    layer(rid, layer) {
      if (!worker) return Promise.resolve(inline && inline.id === rid ? tableSlices(inline.table, layer) : null);
      return ask({ type: 'layer', rid, layer }).promise;
    },
    /** The WASM heap of the module that runs the analyses (heapStats()). */
    heap() {
      if (!worker) return Promise.resolve(labOf()).then((lab) => lab.heapStats());
      return ask({ type: 'progress' }).promise;
    },
  };
}
