// worker.js — runs numeric cases (params and inputs drawn from a seed by the core: {"random": seed}, every
// stage interpreted in float64) off the main thread, so a slow run never freezes the page. One run at a time:
// the page terminates this worker when the configuration changes under a run (views/numerics.js).
// Messages in:  {type: 'init', wasmBinary?, wasmModule? (the page's compiled WebAssembly.Module)}  then
//               {type: 'run', id, caseObj}
// Messages out: {type: 'result', id, result: {outputs, timing_ms, passes, bind, error (under a precision plan)}, ms} | {type: 'error', id, error: {code, message}}
// An error is the core's, unchanged: the page shows it as it is.

let labPromise = null;
let wasmBinary = null;
let wasmModule = null;

function load() {
  if (!labPromise) {
    labPromise = (async () => {
      const mod = await import('../graphlab.mjs');
      const create = mod.createGraphLab || (mod.default && mod.default.createGraphLab) || mod.default;
      let createModule;
      try {
        const core = await import('../graphlab-core.mjs');
        createModule = core.default || core.createGraphLabModule;
      } catch {
        createModule = undefined;
      }
      const opts = { createModule };
      if (wasmBinary) opts.wasmBinary = wasmBinary;
      else if (wasmModule) opts.wasmModule = wasmModule;
      return create(opts);
    })();
  }
  return labPromise;
}

self.onmessage = async (ev) => {
  const msg = ev.data || {};
  if (msg.type === 'init') {
    if (msg.wasmBinary) wasmBinary = msg.wasmBinary;
    if (msg.wasmModule) wasmModule = msg.wasmModule;
    return;
  }
  if (msg.type !== 'run') return;
  try {
    const lab = await load();
    const t0 = performance.now();
    const result = lab.runCase(msg.caseObj);
    const ms = performance.now() - t0;
    self.postMessage({ type: 'result', id: msg.id, ms, result: { outputs: result.outputs, timing_ms: result.timing_ms, passes: result.passes, bind: result.bind, error: result.error } });
  } catch (err) {
    const message = err && typeof err.message === 'string' ? err.message : String(err);
    self.postMessage({ type: 'error', id: msg.id, error: { code: err && err.code, message } });
  }
};
