// app.js — entry point of the served page (public/index.html loads app/app.js as a module): with main.js
// imported statically, the page's code is one file asked for as soon as the document names it, not a second
// request made once this one has run.
//
// The analysis worker (started by start.js, or here when that failed) loads and compiles its module and
// analyses the link's configuration meanwhile (the page's first request then takes that result). A worker that
// fails to start before the page takes it over is marked, and the page analyses without it.
import { appUrl } from './app-url.js';
import { fetchCoreMeta } from './core-meta.js';
import { boot } from './main.js';
import { t as tr } from './i18n/i18n.js';

// start.js (a classic script in <head>) has usually started it already, before this module could run.
let analysisWorker = window.__graphlabEarlyWorker || null;
delete window.__graphlabEarlyWorker;
if (!analysisWorker) {
  try {
    analysisWorker = new Worker(appUrl('analysis-worker.js'), { type: 'module' });
    analysisWorker.onerror = (ev) => {
      ev.preventDefault();
      analysisWorker.failedEarly = true;
    };
    analysisWorker.earlyMessages = [];   // what it says before analysis.js takes it over (start.js does the same)
    analysisWorker.onmessage = (ev) => {
      if (analysisWorker.earlyMessages) analysisWorker.earlyMessages.push(ev.data);
    };
    analysisWorker.postMessage({ type: 'analyze', link: location.hash });   // loads its module and analyses the link
  } catch {
    analysisWorker = null;
  }
}

// The page's compiled .wasm is the analysis worker's (it posts its WebAssembly.Module once compiled, which
// shares the compiled code): compiling the same 0.5 MB twice at once would slow the worker's first analysis,
// which a link's first graph waits for, on a machine of two cores. Without that worker, or when it has no module
// to give, the page compiles its own (off this thread). main.js creates the page's module after the first graph.
const compileHere = () => {
  try {
    return WebAssembly.compileStreaming(fetch(new URL('../graphlab-core.wasm', import.meta.url), { credentials: 'same-origin' }))
      .catch(() => null);
  } catch {
    return Promise.resolve(null);
  }
};
const wasmModule = analysisWorker && !analysisWorker.failedEarly ? new Promise((resolve) => {
  let settled = false;
  const take = (module) => {
    if (settled) return;
    settled = true;
    analysisWorker.removeEventListener('message', onMessage);
    analysisWorker.removeEventListener('error', onError);
    resolve(module instanceof WebAssembly.Module ? module : compileHere());
  };
  const onMessage = (ev) => {
    if (ev.data && ev.data.type === 'progress' && 'wasmModule' in ev.data) take(ev.data.wasmModule);
  };
  const onError = () => take(null);
  analysisWorker.addEventListener('message', onMessage);
  analysisWorker.addEventListener('error', onError);
  setTimeout(() => take(null), 10000);   // a worker that never says: the page's module must not wait for it
  const said = (analysisWorker.earlyMessages || []).find((m) => m && m.type === 'progress' && 'wasmModule' in m);   // before this ran
  if (said) take(said.wasmModule);
}) : compileHere();
// the module's meta and presets as the build wrote them (core-meta.js), so the page need not ask its module;
// start.js asked for the file already
const coreMeta = fetchCoreMeta(appUrl('core-meta.json'), window.__graphlabEarlyMeta);
delete window.__graphlabEarlyMeta;

function failed(err) {
  console.error(err);
  const n = document.getElementById('notice');
  const t = document.getElementById('notice-text');
  if (n && t) {
    t.textContent = tr('shell.failed', { msg: err && err.message ? err.message : err });
    n.hidden = false;
  }
}
boot({ analysisWorker, wasmModule, coreMeta }).catch(failed);
