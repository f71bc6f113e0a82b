// shell/page-module.js — the page's own WASM module and the core's meta.
//
// The page's module serves what runs on the page (a program's trace for the editor, the IR and code text, the
// dynamic demos, a one-layer sweep); the analyses are the worker's. With the build's core-meta.json (meta and
// presets as the module prints them) nothing before the first request needs the module, so its compile and
// instantiation overlap the views' making and first layout, or wait until the first graph is drawn; the file is
// checked against the module once both are there. Without the file the module is awaited first.
import { useCoreTables } from '../core-tables.js';
import { coreMetaOf, moduleCoreMeta } from '../core-meta.js';
import { LIMITS } from '../state.js';
import { errorInfo } from './scheduler.js';
import { t } from '../i18n/i18n.js';

/** The Emscripten factory (public/graphlab-core.mjs), or undefined when it is not there. */
async function loadFactory() {
  try {
    const core = await import('../../graphlab-core.mjs');
    return core.default || core.createGraphLabModule;
  } catch (err) {
    console.warn('graphlab-core.mjs not loaded:', err && err.message);
    return undefined;
  }
}

/**
 * opts: boot's (module, wasmBinary, wasmModule, coreMeta); status: the footer's status element; notice(text).
 * Returns {lab(), ready() (the Promise of the module), compiled() (the shared WebAssembly.Module, or null), load() (the module checked against the build's meta:
 * false when it failed), meta(), presets(), limits(), start() (the meta known: false when nothing could load)}.
 */
export function createPageModule({ opts, status, notice }) {
  let lab = null;
  let labPromise = null;
  let loaded = null;
  let known = null;           // the build's core-meta.json, while presets and meta come from it
  let meta = null;            // the core's limits (lab.meta()): the hash's ranges, the fields', the run budget
  let presets = null;
  let limits = LIMITS(null);
  // the analysis worker's compiled WebAssembly.Module (app.js), once it is here: the page's module and the numerics
  // worker's are made from it (one compile per page; one module per worker and one on the page)
  let compiled = null;
  if (opts.wasmModule && !opts.wasmBinary) Promise.resolve(opts.wasmModule).then((m) => { compiled = m || null; }, () => {});

  const ready = () => labPromise || (labPromise = (async () => {
    const mod = opts.module || (await import('../../graphlab.mjs'));
    const createGraphLab = mod.createGraphLab || (mod.default && mod.default.createGraphLab) || mod.default;
    // the binding is served next to the Emscripten factory (public/), not in its source tree (wasm/)
    const labOpts = { createModule: await loadFactory() };
    if (opts.wasmBinary) labOpts.wasmBinary = opts.wasmBinary;
    const wasmModule = !opts.wasmBinary && opts.wasmModule ? await opts.wasmModule : null;   // the worker's (app.js)
    if (wasmModule) labOpts.wasmModule = wasmModule;
    return createGraphLab(labOpts);
  })());

  function take(m) {
    ({ presets, meta } = m);
    useCoreTables(meta);        // the core's pass codes, op classes and status names (core-tables.js)
    limits = LIMITS(meta);
  }
  function failed(err) {
    status.textContent = '';
    notice(t('shell.module.failed', { msg: errorInfo(err).message }));
    document.body.classList.add('no-module');
  }

  async function start() {
    known = opts.coreMeta ? await opts.coreMeta : null;
    if (!known) {
      try {
        lab = await ready();
      } catch (err) {
        failed(err);
        return false;
      }
    }
    take(known || coreMetaOf(lab, null));
    return true;
  }

  const load = () => loaded || (loaded = ready().then((l) => {
    lab = l;
    status.textContent = `GraphLab ${lab.version || ''}`.trim();
    if (known && known.version !== lab.version) {
      console.warn(`app/core-meta.json is for module ${known.version}, this one is ${lab.version}: using the module's meta and presets`);
      known = null;
      take(coreMetaOf(lab, null));
    }
    return true;
  }, (err) => {
    failed(err);
    return false;
  }));

  // the build's meta and presets against the module's own, once the first graph is up
  function checkMeta() {
    if (!known) return;
    const file = known;
    setTimeout(() => {
      const own = moduleCoreMeta(lab, file);
      if (!own) return;
      console.warn('app/core-meta.json differs from the module\'s meta or presets (was the module rebuilt alone?): using the module\'s');
      take(own);
    }, 1000);
  }

  return {
    lab: () => lab, ready, load, start, checkMeta, loadedAlready: () => !!lab,
    meta: () => meta, presets: () => presets, limits: () => limits, compiled: () => compiled,
  };
}
