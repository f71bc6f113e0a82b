// analysis-push.test.js — the link's result pushed by the analysis worker before the page asks
// (web/analysis-worker.js pushEarly / finishEarly / takeEarly, web/analysis.js takePush), over the served worker
// bundle (public/app/analysis-worker.js, `make web`) and the browser module in Node, wired to the page's analyzer:
// the page takes the pushed stages for the link's case whether it asks before or after the push; the lab's
// facts (kernel names, values, roofline places, run footprint) follow into that same result and equal a plain
// analysis's; the worker's next analysis reuses it; another case is analysed afresh.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAnalyzer } from '../../web/analysis.js';
import { analyzeCase } from '../../web/analysis-core.js';
import { unpackResult } from '../../web/result-pack.js';
import { caseFromState, parseHash, withPatch } from '../../web/state.js';
import { loadBrowserModule } from '../helpers/browser-module.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUNDLE = path.join(REPO, 'public', 'app', 'analysis-worker.js');
const LINK = '#d=128&H=4&G=2&dh=16&f=256&mode=prefill&T=40&L=3&eb=4&dev=a100&panels=config.graph.kernels';
let instance = 0;

// A fresh instance of the worker bundle with `self` of its own, behind a Worker-like object for the analyzer
// (messages cross in later tasks, as between threads). log: every message the worker sent.
async function startWorker() {
  if (!fs.existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run make web`);
  const log = [];
  const worker = { onmessage: null, earlyMessages: [], postMessage: (data) => setTimeout(() => self.onmessage({ data }), 0) };
  const self = {
    postMessage: (data) => {
      log.push(data);
      setTimeout(() => (worker.onmessage ? worker.onmessage({ data }) : worker.earlyMessages.push(data)), 0);
    },
  };
  globalThis.self = self;   // (the bundle reads the global at each call: one instance per test, the latest)
  await import(`${pathToFileURL(BUNDLE).href}?instance=${++instance}`);
  self.onmessage({ data: { type: 'analyze', wasmBinary: fs.readFileSync(path.join(REPO, 'public', 'graphlab-core.wasm')) } });
  return { worker, log, self };
}

// a message of the worker by what it says: the pushed link result, the answer for its case, its facts, the heap
const what = (m) => (m.type === 'result' ? (m.id === null ? 'pushed' : m.taken ? 'taken' : m.dropped ? 'dropped' : 'result')
  : m.type === 'progress' ? (m.facts ? 'facts' : m.heap ? 'heap' : 'module') : m.type);

const until = async (test, ms = 30000) => {
  const t0 = Date.now();
  while (!test()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

const linkCase = (gl, hash = LINK) => caseFromState(parseHash(hash).state, { presetDevices: gl.presets().devices });
// what the page reads of a result, the lab's facts included
const facts = (r) => ({ kernels: r.lab_kernels, values: r.lab_values, places: r.lab_places, footprint: r.lab_run_footprint, passes: r.passes, fused: r.fused.kernels });

describe('the link\'s result pushed by the analysis worker', () => {
  it('asked after the push: taken at once, its facts follow into it, and the next analysis reuses it', async () => {
    const gl = await loadBrowserModule();
    const { worker, log } = await startWorker();
    worker.postMessage({ type: 'analyze', link: LINK });
    await until(() => log.some((m) => what(m) === 'facts'));
    expect(log.map(what)).toEqual(['pushed', 'facts']);
    const analyzer = createAnalyzer({ worker, pageLab: gl });
    analyzer.warm();
    const c = linkCase(gl);
    const out = await analyzer.run(c).promise;
    expect(out.early).toBe(true);
    if (out.facts) expect(await out.facts).toBe(true);
    const plain = analyzeCase(gl, c);
    const want = unpackResult(JSON.parse(plain.resultText), plain.packed);
    expect(facts(out.result)).toEqual(facts(want));
    expect(out.stages.map((s) => s.key)).toEqual(plain.stages.map((s) => s.key));
    await until(() => log.some((m) => what(m) === 'taken'));
    // a change of element bytes: the link's stages reused (its keep was completed by the facts)
    const c2 = { ...c, elem_bytes: 2 };
    const out2 = await analyzer.run(c2).promise;
    expect(out2.reused).toBe(true);
    const p2 = analyzeCase(gl, c2);
    expect(facts(out2.result)).toEqual(facts(unpackResult(JSON.parse(p2.resultText), p2.packed)));
  }, 120000);

  it('asked before the push came: answered with the pushed stages, the facts pending until they follow', async () => {
    const gl = await loadBrowserModule();
    const { worker, log } = await startWorker();
    const analyzer = createAnalyzer({ worker, pageLab: gl });
    analyzer.warm();
    await analyzer.heap();                         // the worker's module loaded: the link is analysed at once
    worker.postMessage({ type: 'analyze', link: LINK });
    const c = linkCase(gl);
    const out = await analyzer.run(c).promise;     // asked before the push reached the page
    expect(out.early).toBe(true);
    expect(out.facts).not.toBe(null);
    expect(out.result.lab_kernels).toBe(undefined);
    expect(out.result.lab_run_footprint).toBe(undefined);
    expect(await out.facts).toBe(true);
    expect(log.map(what)).toEqual(['heap', 'pushed', 'taken', 'facts']);   // never analysed twice
    const plain = analyzeCase(gl, c);
    expect(facts(out.result)).toEqual(facts(unpackResult(JSON.parse(plain.resultText), plain.packed)));
  }, 120000);

  it('another case than the link\'s is analysed afresh, and the push is not taken for it', async () => {
    const gl = await loadBrowserModule();
    const { worker, log } = await startWorker();
    worker.postMessage({ type: 'analyze', link: LINK });
    await until(() => log.some((m) => what(m) === 'pushed'));
    const analyzer = createAnalyzer({ worker, pageLab: gl });
    analyzer.warm();
    const c = caseFromState(withPatch(parseHash(LINK).state, { cfg: { T: 24 } }), { presetDevices: gl.presets().devices });
    const out = await analyzer.run(c).promise;
    expect(out.early).toBe(false);
    expect(out.facts).toBe(null);
    expect(out.result.config.T).toBe(24);
    const plain = analyzeCase(gl, c);
    expect(facts(out.result)).toEqual(facts(unpackResult(JSON.parse(plain.resultText), plain.packed)));
  }, 120000);

  // The page may answer its request with the push on its own side (takePush) while the worker runs that request
  // as a pending one (it came while the link was analysed): the facts must follow the push all the same, or the
  // page's first result waits for them forever (the lab never became ready).
  it('a push the worker did not see taken is still followed by its facts', async () => {
    const gl = await loadBrowserModule();
    const { worker, log, self } = await startWorker();
    const analyzer = createAnalyzer({ worker, pageLab: gl });
    analyzer.warm();
    await analyzer.heap();
    const c = linkCase(gl);
    const other = caseFromState(withPatch(parseHash(LINK).state, { cfg: { T: 24 } }), { presetDevices: gl.presets().devices });
    const post = self.postMessage;
    let asked = false;
    self.postMessage = (data) => {
      post(data);
      if (asked || what(data) !== 'pushed') return;
      asked = true;   // in the same task as the push: a request queued behind another, so the worker keeps it pending
      self.onmessage({ data: { type: 'analyze', id: 101, caseObj: other } });
      self.onmessage({ data: { type: 'analyze', id: 102, caseObj: c } });
    };
    worker.postMessage({ type: 'analyze', link: LINK });
    await until(() => log.some((m) => m.id === 102));
    await until(() => log.some((m) => what(m) === 'facts'), 10000);
    expect(log.map(what).filter((w) => w !== 'heap' && w !== 'module')).toEqual(['pushed', 'dropped', 'facts', 'result']);
  }, 120000);
});
