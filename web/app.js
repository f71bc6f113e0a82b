// app.js — entry point of the served page (public/index.html loads app/app.js as a module).
//
// The analysis worker is started before the page's own ~80 modules are fetched, so that it loads and compiles
// its module and analyses the link's configuration meanwhile (the page's first request then takes that result). A worker that fails to
// start before the page takes it over is marked, and the page analyses without it.
import { appUrl } from './app-url.js';

let analysisWorker = null;
try {
  analysisWorker = new Worker(appUrl('analysis-worker.js'), { type: 'module' });
  analysisWorker.onerror = (ev) => {
    ev.preventDefault();
    analysisWorker.failedEarly = true;
  };
  analysisWorker.postMessage({ type: 'link', hash: location.hash });   // loads its module and analyses the link
} catch {
  analysisWorker = null;
}

import('./main.js').then(({ boot }) => boot({ analysisWorker })).catch((err) => {
  console.error(err);
  const n = document.getElementById('notice');
  const t = document.getElementById('notice-text');
  if (n && t) {
    t.textContent = `The lab failed to start: ${err && err.message ? err.message : err}`;
    n.hidden = false;
  }
});
