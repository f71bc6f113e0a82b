// start.js — the served page's first script: a classic script in <head> (public/index.html), run before the
// stylesheet and the module script (app.js), which waits for the whole document. It starts the analysis
// worker with the link's hash, so that the worker loads its module and analyses the link while the page's
// own scripts load; app.js takes that worker. It also asks for the build's core-meta.json, which the page reads
// before its first request. The single-file build (dist) has no such script.
(function () {
  try {
    var w = new Worker(new URL('analysis-worker.js', document.currentScript.src), { type: 'module' });
    w.onerror = function (ev) {
      ev.preventDefault();
      w.failedEarly = true;
    };
    // what it says before the page takes it over (the link's result, pushed when made), kept for analysis.js
    w.earlyMessages = [];
    w.onmessage = function (ev) {
      if (w.earlyMessages) w.earlyMessages.push(ev.data);
    };
    w.postMessage({ type: 'analyze', link: location.hash });   // loads its module and analyses the link
    window.__graphlabEarlyWorker = w;
  } catch (e) {
    // app.js starts one itself
  }
  try {
    // the build's core-meta.json, which the page reads before its first request (app.js, core-meta.js)
    var meta = fetch(new URL('core-meta.json', document.currentScript.src), { credentials: 'same-origin' });
    meta.catch(function () {});   // app.js reads the failure (no file: the module's own meta)
    window.__graphlabEarlyMeta = meta;
  } catch (e) {
    // app.js asks for it itself
  }
})();
