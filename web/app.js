// app.js — entry point of the served page (public/index.html loads app/app.js as a module).
//
// The analysis worker (started by start.js, or here when that failed) loads and compiles
// its module and analyses the link's configuration meanwhile (the page's first request then takes that result). A worker that fails to
// start before the page takes it over is marked, and the page analyses without it.
import { appUrl } from './app-url.js';
import { fetchCoreMeta } from './core-meta.js';

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
    analysisWorker.postMessage({ type: 'link', hash: location.hash });   // loads its module and analyses the link
  } catch {
    analysisWorker = null;
  }
}

// The page's own module too: its binding, factory and .wasm (compiled off this thread) are asked for now, beside
// main.js, not one after another once main.js has run.
let wasmModule = null;
try {
  wasmModule = WebAssembly.compileStreaming(fetch(new URL('../graphlab-core.wasm', import.meta.url), { credentials: 'same-origin' }))
    .catch(() => null);
} catch {
  wasmModule = null;
}
import('../graphlab.mjs').catch(() => {});
import('../graphlab-core.mjs').catch(() => {});

// the module's meta and presets as the build wrote them (core-meta.js), so the page need not ask its module
const coreMeta = fetchCoreMeta(appUrl('core-meta.json'));

import('./main.js').then(({ boot }) => boot({ analysisWorker, wasmModule, coreMeta })).catch((err) => {
  console.error(err);
  const n = document.getElementById('notice');
  const t = document.getElementById('notice-text');
  if (n && t) {
    t.textContent = `The lab failed to start: ${err && err.message ? err.message : err}`;
    n.hidden = false;
  }
});
