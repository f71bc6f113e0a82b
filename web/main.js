// main.js — the lab's controller: one state object (state.js) mirrored to the URL hash, one analysis
// result from the C core (runCase, shape-only) per configuration, and views that redraw from both.
//
// boot(opts) is called by app.js (the served page) and by the single-file build (dist), which passes
// the WASM bytes (opts.wasmBinary) and a worker URL (opts.workerUrl) because it has no files beside it;
// app.js passes opts.wasmModule: the analysis worker's compiled .wasm (or one app.js compiles when it has none).

import { parseHash, serializeHash, withPatch, withKnownDevice, caseFromState, LIMITS, DEFAULT_PIPELINE, PASS_NAMES, PANELS, MAX_PROG_HASH } from './state.js';
import { useCoreTables } from './core-tables.js';
import { coreMetaOf, moduleCoreMeta } from './core-meta.js';
import { createAnalyzer } from './analysis.js';
import { el, clear, setAttr, setFlag, setText } from './dom.js';
import { mark } from './perf.js';
import { createConfigView } from './views/config.js';
import { createGraphView } from './views/graph.js';
import { createKernelsView } from './views/kernels.js';
import { createMemoryView } from './views/memory.js';
import { createNumericsView } from './views/numerics.js';
import { createDynamicView } from './views/dynamic.js';
import { createIrView } from './views/ir.js';
import { createCodeView } from './views/code.js';
import { createProgramView } from './views/program.js';
import { withConfig } from './program-examples.js';
import { createPresentView } from './views/present.js';
import { createLessonPlayer } from './lessons/player.js';
import { addHelpButtons } from './help.js';
import { addCopyLink } from './share.js';
import { resolve, originOf, kernelIndex, bufferOf } from './selection.js';
import { createDetailsView } from './views/details.js';

const PANEL_TITLES = {
  program: 'Program', config: 'Config', graph: 'Graph & passes', kernels: 'Kernels & roofline', memory: 'Memory plan',
  numerics: 'Numerics (WASM worker)', dynamic: 'Dynamic shapes & graph breaks', ir: 'IR text & diff', code: 'Code',
};

/** A GraphLabError (or anything thrown) as {code, message}. */
export function errorInfo(err) {
  if (err && typeof err === 'object') {
    const message = typeof err.message === 'string' && err.message ? err.message : String(err);
    return { code: err.code, message };
  }
  return { code: undefined, message: String(err) };
}

/** The Emscripten factory (public/graphlab-core.mjs), or undefined when it is not there. */
export async function loadFactory() {
  try {
    const core = await import('../graphlab-core.mjs');
    return core.default || core.createGraphLabModule;
  } catch (err) {
    console.warn('graphlab-core.mjs not loaded:', err && err.message);
    return undefined;
  }
}

export async function boot(opts = {}) {
  const $ = (id) => document.getElementById(id);
  const notice = $('notice');
  const noticeText = $('notice-text');
  const status = $('status');

  function showNotice(text) {
    noticeText.textContent = text;
    notice.hidden = false;
  }
  $('notice-close').addEventListener('click', () => { notice.hidden = true; });

  // ---------------------------------------------------------------- state
  let { state, notice: hashNotice } = parseHash(location.hash);
  if (hashNotice) showNotice(hashNotice);
  let playing = false;
  let playTimer = null;
  // key: analysisKey(state) of the configuration `result` was computed for
  const model = { version: 0, result: null, stages: [], error: null, stale: false, key: null, factsPending: false };
  let factsDone = null;         // the Promise of the last result's lab facts, when they followed its stages

  // ---------------------------------------------------------------- the module
  status.textContent = 'loading the WASM module…';
  let lab;
  // The analysis worker starts now and loads its own module while this page loads its one (a link to a big
  // model is analysed as soon as the page can ask); without a worker the page's module analyses.
  const analyzer = createAnalyzer({
    url: opts.analysisWorkerUrl || null, type: opts.workerType || 'module', wasmBinary: opts.wasmBinary || null, pageLab: () => lab || labReady(),
    worker: opts.analysisWorker || null,
  });
  analyzer.warm();
  let presets = null;
  let known = null;             // the build's core-meta.json, when presets and meta came from it
  let meta = null;              // the core's limits (lab.meta()): the hash's ranges, the fields', the run budget
  let limits = LIMITS(null);
  // The page's own module loads while the page builds its views: with the build's meta and presets
  // (core-meta.js) nothing before the first request needs it (a link's first graph is the worker's), so its
  // compile and instantiation overlap the views' making and first layout; without them it is awaited first.
  let labPromise = null;
  const labReady = () => labPromise || (labPromise = (async () => {
    const mod = opts.module || (await import('../graphlab.mjs'));
    const createGraphLab = mod.createGraphLab || (mod.default && mod.default.createGraphLab) || mod.default;
    const labOpts = {};
    if (opts.wasmBinary) labOpts.wasmBinary = opts.wasmBinary;
    // The binding is served next to the Emscripten factory (public/), not in its source tree (wasm/),
    // so hand it the factory instead of letting it guess a path.
    labOpts.createModule = await loadFactory();
    const wasmModule = !opts.wasmBinary && opts.wasmModule ? await opts.wasmModule : null;   // the worker's (app.js)
    if (wasmModule) labOpts.wasmModule = wasmModule;
    return createGraphLab(labOpts);
  })());
  // the core's meta and presets taken (the build's file's or the module's): its tables and the fields' ranges
  function takeCoreMeta(m) {
    ({ presets, meta } = m);
    useCoreTables(meta);        // the core's pass codes, op classes and status names (core-tables.js)
    limits = LIMITS(meta);
  }
  function moduleFailed(err) {
    const info = errorInfo(err);
    status.textContent = '';
    showNotice(`The GraphLab WASM module could not be loaded (${info.message}). Build it with "make wasm" and reload.`);
    document.body.classList.add('no-module');
  }
  // the build's copy of the module's meta and presets (core-meta.js), checked against the module once it has
  // loaded (its version) and after the first graph (every table); without it, the module's own
  known = opts.coreMeta ? await opts.coreMeta : null;
  if (!known) {
    try {
      lab = await labReady();
    } catch (err) {
      moduleFailed(err);
      return;
    }
  }
  takeCoreMeta(known || coreMetaOf(lab, null));
  // the hash again with the core's limits: before they were known only its syntax could be checked
  {
    const again = parseHash(location.hash, { limits });
    if (again.notice && again.notice !== hashNotice) showNotice(again.notice);
    state = again.state;
  }
  // a device name only the module can judge: like any other bad key, only it is dropped (on load and on edit)
  function dropUnknownDevice() {
    const known = withKnownDevice(state, presets && presets.devices);
    if (known !== state) showNotice(`The link asked for a device "${state.dev}" this build does not know, so the lab dropped that key and kept the rest.`);
    state = known;
  }
  dropUnknownDevice();
  // a program too long for the link is kept in this tab's sessionStorage (flushHash) and read back on a reload
  const PROG_KEY = 'graphlab.prog';
  let progNoticed = false;
  function storage() {
    try { return window.sessionStorage; } catch { return null; }
  }
  if (state.prog === null && state.panels.includes('program')) {
    const kept = storage() && storage().getItem(PROG_KEY);
    if (typeof kept === 'string') state = withPatch(state, { prog: kept });
  }

  // ---------------------------------------------------------------- panels
  const panelEls = {};
  const panelChips = $('panel-chips');
  for (const p of PANELS) {
    panelEls[p] = $(`panel-${p}`);
    const cb = el('input', { type: 'checkbox', id: `show-${p}` });
    cb.addEventListener('change', () => {
      const next = cb.checked ? [...state.panels, p] : state.panels.filter((x) => x !== p);
      setState({ panels: PANELS.filter((x) => next.includes(x)) });
    });
    panelChips.append(el('label', { class: 'chip-toggle' }, cb, ' ', PANEL_TITLES[p]));
  }
  addHelpButtons(panelEls, PANEL_TITLES);
  addCopyLink(document.querySelector('header.top'), () => state);
  const instBtn = $('inst-toggle');
  instBtn.addEventListener('click', () => setState({ inst: !state.inst }));

  const ctx = {
    getState: () => state,
    setState: (patch, o) => setState(patch, o),
    presets: () => presets,
    lab: () => lab,
    meta: () => meta,
    limits: () => limits,
    analysisKey: (st) => analysisKey(st),
    step: (dir) => step(dir),
    gotoStage: (where) => gotoStage(where),
    togglePlay: () => togglePlay(),
    playing: () => playing,
    visibleStages: () => visibleStages(),
    redraw: () => render({ animate: false }),
    passNames: () => PASS_NAMES.slice(),
    defaultPipeline: () => DEFAULT_PIPELINE.slice(),
    highlightKernel: (ki) => views.graph.setHighlight(ki),
    // the one selection (selection.js): a node's stable key, or null; every view calls select and reads selection
    select: (key) => select(key),
    selection: () => selection(),
    workerUrl: opts.workerUrl || null,
    workerType: opts.workerType || 'module',
    wasmBinary: opts.wasmBinary || null,
    layoutWorkerUrl: opts.layoutWorkerUrl || null,
    layerSlice: (layer) => analyzer.layer(model.resultId, layer),
  };

  const body = (p) => panelEls[p].querySelector('.panel-body');
  // (every view is made now, its panel open or not: a closed panel's elements, and their test ids, are there)
  const views = {
    config: createConfigView(body('config'), ctx),
    graph: createGraphView(body('graph'), ctx),
    kernels: createKernelsView(body('kernels'), ctx),
    memory: createMemoryView(body('memory'), ctx),
    numerics: createNumericsView(body('numerics'), ctx),
    dynamic: createDynamicView(body('dynamic'), ctx),
    ir: createIrView(body('ir'), ctx),
    code: createCodeView(body('code'), ctx),
    program: createProgramView(body('program'), ctx),
  };
  const present = createPresentView({ ctx, header: document.querySelector('header.top'), panelEls, titles: PANEL_TITLES });
  const lessonPlayer = createLessonPlayer({ ctx, present, header: document.querySelector('header.top'), notice: showNotice });

  // ---------------------------------------------------------------- selection
  // Selecting only re-marks what is drawn (each view's cheap highlight(sel)), never a whole redraw.
  const details = createDetailsView($('details'), ctx);
  let selMemo = null;
  function selection() {
    const cur = Math.max(0, Math.min(state.stage, model.stages.length - 1));
    if (selMemo && selMemo.key === state.sel && selMemo.stage === cur && selMemo.version === model.version) return selMemo;
    const key = state.sel;
    selMemo = {
      key, stage: cur, version: model.version,
      at: resolve(model.stages, key, cur),
      origin: key ? originOf(model.stages, key) : null,
      kernel: key ? kernelIndex(model.result, model.stages, key) : null,
      buffer: key ? bufferOf(model.result, model.stages, key) : null,
    };
    return selMemo;
  }
  const HIGHLIGHTED = ['graph', 'kernels', 'memory', 'ir', 'code', 'program'];
  function highlightAll() {
    const sel = selection();
    for (const p of HIGHLIGHTED) {
      if (!state.panels.includes(p) || typeof views[p].highlight !== 'function') continue;
      try {
        views[p].highlight(sel, model);
      } catch (err) {
        console.error(`highlight ${p}:`, err);
      }
    }
    details.draw(sel, model);
  }
  function select(key) {
    if ((key || null) === state.sel) return;
    state = withPatch(state, { sel: key || null });
    writeHash();
    highlightAll();
  }

  // ---------------------------------------------------------------- analysis
  // When a new configuration is analysed (runCase, then every open panel redraws):
  //   'now'    in this task (boot, an edited URL, the test hook's analyzeNow);
  //   'frame'  sliders, menus, radios, arrow keys in a number field: at once when no analysis is on its way
  //            (waiting for the next animation frame was ~8 ms of a slider move's latency, on average), else
  //            at the next animation frame, so a burst of moves (a held key, a drag) costs one analysis per
  //            frame at most, and the worker drops all but the newest;
  //   'typing' TYPING_MS after the last keystroke typed into a number field, so "4096" is not analysed as
  //            4, 40 and 409 on the way.
  // (An analysis of one Llama-3-8B layer + the redraw is ~20 ms; the old 60 ms debounce on every change
  // made a slider move take ~160 ms to show.)
  const TYPING_MS = 60;
  let analyzeTimer = null;
  let analyzeFrame = null;
  let analyzedKey = null;

  function cancelAnalyze() {
    if (analyzeTimer) clearTimeout(analyzeTimer);
    analyzeTimer = null;
    if (analyzeFrame !== null) cancelAnimationFrame(analyzeFrame);
    analyzeFrame = null;
  }

  function analysisKey(st) {
    return JSON.stringify([st.cfg, st.eb, st.dev, st.dev === 'custom' ? st.custom : null, st.pipeline, st.prog]);
  }

  // The analysis runs in a worker (analysis.js): a 256-layer stack takes seconds. analyze() returns a
  // Promise; only the latest configuration's answer is applied (an older one resolves to null), and until it
  // comes the page keeps showing the previous result.
  let analyzing = null;    // the Promise of the analysis in flight
  const PENDING_MS = 100;  // showPending: kernels and memory mark their result stale after this long
  let pendingTimer = null;

  function analyze() {
    cancelAnalyze();
    const key = analysisKey(state);
    if (key === analyzedKey) return analyzing || Promise.resolve();
    analyzedKey = key;
    const c = caseFromState(state, { presetDevices: presets && presets.devices });
    mark('gl-analyze-start');
    document.body.classList.add('analysing');
    const { id, promise } = analyzer.run(c);
    const done = promise.then((out) => {
      if (!out) return;                   // superseded by a newer configuration
      model.version++;
      model.result = out.result;
      model.stages = out.stages;
      model.resultId = id;
      model.key = key;
      model.error = null;
      model.stale = false;
      model.wallMs = out.ms;
      model.early = !!out.early;
      // the lab's facts (kernel names, values, roofline places, run footprint) may follow the stages (the
      // link's first result): the panels that read them draw once they are in
      model.factsPending = !!out.facts;
      if (out.facts) {
        factsDone = out.facts.then(() => {
          if (model.resultId !== id || !model.factsPending) return;
          model.factsPending = false;
          drawFactPanels();
        });
      }
      const maxStage = Math.max(0, out.stages.length - 1);
      if (state.stage > maxStage) state = withPatch(state, { stage: maxStage });
      applied();
    }, (err) => {
      model.error = errorInfo(err);
      model.stale = !!model.result;
      applied();
    });
    analyzing = done;
    done.then(() => { if (analyzing === done) analyzing = null; });
    return done;
  }

  function applied() {
    if (pendingTimer !== null) clearTimeout(pendingTimer);
    pendingTimer = null;
    document.body.classList.remove('analysing');
    mark('gl-analyze-end');
    render({ animate: true });
    // (after render: the panels out of view, drawn after the frame, go before the URL write, ~5-15 ms)
    writeHash();
  }

  function scheduleAnalyze(when) {
    if (when === 'now') return analyze();
    if (when === 'typing') {
      cancelAnalyze();
      analyzeTimer = setTimeout(analyze, TYPING_MS);
      return;
    }
    if (analyzeTimer) clearTimeout(analyzeTimer);
    analyzeTimer = null;
    if (!analyzing && analyzeFrame === null) return analyze();
    if (analyzeFrame === null) {
      analyzeFrame = requestAnimationFrame(() => {
        analyzeFrame = null;
        analyze();
      });
    }
  }

  // ---------------------------------------------------------------- state changes
  // The hash mirrors the state. Each history.replaceState costs the browser ~5 ms outside this page's JS (an
  // IPC to the browser process), so it is kept out of the way of redraws: a change writes the hash just after
  // the next frame is drawn (a slider move or a step shows first), and bursts of changes (a held arrow key,
  // play, a dragged slider, the long-use test's 10,000 changes) write at most every HASH_EVERY_MS, the last
  // write carrying the latest state. now: write at once (boot, an edited URL).
  const HASH_EVERY_MS = 100;
  let hashFrame = null;
  let hashTimer = null;
  let lastHashWrite = -Infinity;
  function flushHash() {
    if (hashFrame !== null) cancelAnimationFrame(hashFrame);
    if (hashTimer !== null) clearTimeout(hashTimer);
    hashFrame = hashTimer = null;
    lastHashWrite = performance.now();
    const h = '#' + serializeHash(state);
    if (location.hash !== h) history.replaceState(null, '', h);
    const long = typeof state.prog === 'string' && encodeURIComponent(state.prog).length > MAX_PROG_HASH;
    const ss = storage();
    if (ss) {
      try {
        if (long) ss.setItem(PROG_KEY, state.prog);
        else ss.removeItem(PROG_KEY);
      } catch { /* storage full or refused: the program stays on the page only */ }
    }
    if (long && !progNoticed) {
      progNoticed = true;
      showNotice('The program is too long for the link: it is kept in this browser tab only (a copied link opens the lecture layer instead).');
    }
  }
  function writeHash({ now = false } = {}) {
    if (now) return flushHash();
    if (hashFrame !== null || hashTimer !== null) return;   // the pending write reads the state when it runs
    // a task posted from a rAF callback runs after that frame's style, layout and paint
    hashFrame = requestAnimationFrame(() => {
      hashFrame = null;
      hashTimer = setTimeout(() => {
        // an analysis on its way (a slider moved): its result would wait behind the write (5-15 ms of this
        // thread), so the write waits for the result to be drawn instead (applied() writes), unless the hash
        // has waited a second already (a held key)
        const pending = analyzing;
        if (pending && performance.now() - lastHashWrite < 1000) {
          hashTimer = null;
          pending.then(() => writeHash());
          return;
        }
        flushHash();
      }, Math.max(0, lastHashWrite + HASH_EVERY_MS - performance.now()));
    });
  }

  function setState(patch, o = {}) {
    const prev = state;
    state = withPatch(state, patch);
    // a preset or slider writes the program's config line too (program-examples.js)
    if (patch.cfg && typeof state.prog === 'string') state = withPatch(state, { prog: withConfig(state.prog, state.cfg) });
    const rerun = o.rerun || ['cfg', 'eb', 'dev', 'custom', 'pipeline', 'prog'].some((k) => k in patch);
    writeHash();
    if ('stage' in patch && !('playing' in o)) { /* manual stage change keeps playing */ }
    if (rerun && analysisKey(state) !== analysisKey(prev)) {
      scheduleAnalyze(o.typing ? 'typing' : 'frame');
      showPending();
    }
    else render({ animate: true });
  }

  // An edited URL or a history step (back / forward: the lesson player pushes an entry per step). popstate comes
  // first, in the traversal's own task: taking the new hash there leaves no moment in which a deferred hash write
  // (flushHash) of the old state could land on the new entry and hide it from hashchange.
  function onUrlChanged() {
    const h = location.hash;
    if (h === '#' + serializeHash(state)) return;
    const parsed = parseHash(h, { limits });
    if (parsed.notice) showNotice(parsed.notice);
    state = parsed.state;
    dropUnknownDevice();
    writeHash({ now: true });
    scheduleAnalyze('now');
    render({ animate: false });
  }
  window.addEventListener('popstate', onUrlChanged);
  window.addEventListener('hashchange', onUrlChanged);

  // ---------------------------------------------------------------- stepping
  function visibleStages() {
    const n = model.stages.length;
    const out = [];
    for (let i = 0; i < n; i++) {
      if (!state.hide || i === 0 || model.stages[i].changed || i === state.stage) out.push(i);
    }
    return out;
  }

  function step(dir) {
    const vis = visibleStages();
    if (!vis.length) return false;
    const cur = Math.min(state.stage, model.stages.length - 1);
    let target = null;
    if (dir > 0) target = vis.find((i) => i > cur);
    else target = [...vis].reverse().find((i) => i < cur);
    if (target === undefined || target === null) return false;
    setState({ stage: target });
    return true;
  }

  function gotoStage(where) {
    const vis = visibleStages();
    if (!vis.length) return;
    setState({ stage: where === 'first' ? vis[0] : vis[vis.length - 1] });
  }

  function togglePlay() {
    playing = !playing;
    if (playTimer) clearInterval(playTimer);
    playTimer = null;
    if (playing) {
      const vis = visibleStages();
      if (state.stage >= vis[vis.length - 1]) setState({ stage: vis[0] });
      playTimer = setInterval(() => {
        if (!step(1)) {
          playing = false;
          clearInterval(playTimer);
          playTimer = null;
          render({ animate: false });
        }
      }, state.inst ? 2400 : 1700);
    }
    render({ animate: false });
  }

  // Keys that keep their own meaning: everything in text and number fields, selects, sliders and radio groups
  // (arrows move them); Space / Enter on buttons, checkboxes and <summary> (they activate them). Elsewhere —
  // the page, a button, a checkbox, a pass in the list — ← → space Home End i drive the stepper.
  const STEPPER_KEY_INPUTS = new Set(['checkbox', 'button', 'submit', 'reset']);
  document.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    const tag = t && t.tagName;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || (t && t.isContentEditable)) return;
    if (tag === 'INPUT' && !STEPPER_KEY_INPUTS.has(t.type)) return;
    if ((tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'INPUT') && (ev.key === ' ' || ev.key === 'Enter')) return;
    if (ev.key === 'ArrowRight') step(1);
    else if (ev.key === 'ArrowLeft') step(-1);
    else if (ev.key === ' ' || ev.key === 'Spacebar') togglePlay();
    else if (ev.key === 'Home') gotoStage('first');
    else if (ev.key === 'End') gotoStage('last');
    else if (ev.key === 'i' || ev.key === 'I') setState({ inst: !state.inst });
    else if (ev.key === 'Escape' && state.sel) select(null);
    else return;
    ev.preventDefault();
  });

  // Until the new configuration's analysis is drawn, the panels that show results for a configuration mark
  // theirs as the previous one's (and the numerics panel cancels a run for it at once). Kernels and memory do
  // so only when the new result is slow (PENDING_MS): a slider move's comes sooner, and a banner shown and
  // hidden again in between is a flash that cost the frame after the key a relayout and repaint of both
  // panels (~20 ms of this thread, which the result then waited behind).
  function showPending() {
    if (state.panels.includes('numerics')) views.numerics.draw(state, { ...model }, { animate: false });
    if (pendingTimer !== null) clearTimeout(pendingTimer);
    pendingTimer = setTimeout(() => {
      pendingTimer = null;
      if (model.key === analysisKey(state)) return;
      const m = { ...model };
      for (const p of ['kernels', 'memory']) if (state.panels.includes(p)) views[p].draw(state, m, { animate: false });
    }, PENDING_MS);
  }

  // ---------------------------------------------------------------- render
  const RENDER_ORDER = ['program', 'graph', 'kernels', 'memory', 'numerics', 'dynamic', 'ir', 'code'];
  const DRAW_NOW = new Set(['program', 'graph']);
  // the panels that read the lab's facts of a result (lab_kernels, lab_values, lab_places, lab_run_footprint)
  const FACT_PANELS = new Set(['kernels', 'memory', 'numerics']);
  // A panel whose last draw was cheap draws in the same task as the one before it while the task stays within
  // this budget: one slider move on one layer is then one task and one frame (each task of its own let the
  // browser draw a frame of the graph's animation between the panels, ~20 ms each on a busy machine), and a
  // big stack's charts still each get a task of their own. (Under a long task's 50 ms: the prediction is the
  // panel's last draw, which a busy machine can double.)
  const TASK_BUDGET_MS = 32;
  // panel → [ms, nodes]: its last real draw's duration and the size of the result it drew (a draw that found
  // nothing new to draw is not counted). No entry, or a result of another size: a task of its own.
  const panelMs = new Map();
  const resultSize = (m) => {
    const last = m.stages && m.stages[m.stages.length - 1];
    return (last && last.counts && last.counts.nodes) || 0;
  };
  // Which panels are on screen, kept by an IntersectionObserver (asynchronous: asking the layout in render()
  // would force one). A panel scrolled out of view (on a 1400×1000 window: the kernels and memory panels,
  // below the graph) is not part of the frame that shows a change, so it draws just after that frame
  // (afterFrame): a slider move's frame waited ~9 ms for the two charts no one could see. Unknown (not yet
  // observed, or just opened): in view. gl-view-end marks the panels in view drawn, gl-render-end all of them.
  const inView = new Map();
  if (typeof IntersectionObserver === 'function') {
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) inView.set(e.target.id.replace(/^panel-/, ''), e.isIntersecting);
    });
    for (const p of PANELS) if (!DRAW_NOW.has(p)) io.observe(panelEls[p]);
  }
  const onScreen = (p) => inView.get(p) !== false;
  // after the next frame is drawn: a task posted from a rAF callback runs after the frame's paint (and a timer,
  // for a hidden page, whose frames do not come)
  function afterFrame(fn) {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(once, 100);
    requestAnimationFrame(() => setTimeout(once, 0));
  }
  let renderGen = 0;
  // The page's frame: instructor mode, which panels are open. Also drawn before the first request, so that the
  // page's first layout (~150-250 ms on a loaded machine of two cores, while the link's analysis runs) is of
  // the panels the link shows, not of every panel.
  function drawChrome() {
    document.body.classList.toggle('instructor', state.inst);
    document.body.classList.toggle('no-config', !state.panels.includes('config'));
    // (only what changed is written: a text set again is laid out again, in the frame that shows a slider's move)
    setAttr(instBtn, 'aria-pressed', state.inst ? 'true' : 'false');
    setText(instBtn, state.inst ? 'Instructor mode: on' : 'Instructor mode');
    for (const p of PANELS) {
      const open = state.panels.includes(p);
      // (a panel opened now: where it lands is not known yet, so it is taken to be in view)
      if (open && panelEls[p].hidden) inView.delete(p);
      setFlag(panelEls[p], 'hidden', !open);
      const cb = $(`show-${p}`);
      if (cb.checked !== open) cb.checked = open;
    }
  }
  function render({ animate = true } = {}) {
    drawChrome();
    setFlag($('stale'), 'hidden', !(model.error && model.stale));
    present.draw(state);
    const m = { ...model };
    lessonPlayer.draw(state, m);
    views.config.draw(state, m);
    // (the panels that read the lab's facts wait for them: FACT_PANELS)
    const openPanels = RENDER_ORDER.filter((p) => state.panels.includes(p) && !(model.factsPending && FACT_PANELS.has(p)));
    for (const p of FACT_PANELS) setAttr(panelEls[p], 'aria-busy', model.factsPending ? 'true' : 'false');
    // the panels in view are drawn for this frame, those out of view after it
    const now = openPanels.filter((p) => DRAW_NOW.has(p) || onScreen(p));
    const later = openPanels.filter((p) => !now.includes(p));
    const gen = ++renderGen;
    // The program and the graph (its animation starts now) draw in this task; every other panel of the list in
    // this task too while it fits TASK_BUDGET_MS, else in a task of its own, so one change is never one long task
    // of every chart (a 256-layer stack costs 50-150 ms per chart). A newer render drops what an older one had
    // left to draw: it draws every panel again itself.
    const size = resultSize(m);
    const fits = (p, t0) => {
      const c = panelMs.get(p);
      return !!c && c[1] <= 2 * size && size <= 2 * c[1] && performance.now() - t0 + c[0] <= TASK_BUDGET_MS;
    };
    const runList = (list, fresh, done) => {
      let j = 0;
      const step = (t0, first) => {
        if (gen !== renderGen) return;
        while (j < list.length) {
          const p = list[j];
          if (!first && !DRAW_NOW.has(p) && !fits(p, t0)) {
            setTimeout(() => step(performance.now(), true), 0);
            return;
          }
          drawPanel(p, m, animate);
          j++;
          first = false;
        }
        done();
      };
      step(performance.now(), fresh);
    };
    runList(now, false, () => {
      highlightSome(now);
      details.draw(selection(), model);
      mark('gl-view-end');
      if (!later.length) {
        mark('gl-render-end');
        return;
      }
      afterFrame(() => runList(later, true, () => {
        highlightSome(later);
        mark('gl-render-end');
      }));
    });
  }

  // the selection's marks on panels ps (cheap, in the last panel's task)
  function highlightSome(ps) {
    const sel = selection();
    for (const p of ps) {
      if (!HIGHLIGHTED.includes(p) || typeof views[p].highlight !== 'function') continue;
      try {
        views[p].highlight(sel, model);
      } catch (err) {
        console.error(`highlight ${p}:`, err);
      }
    }
  }

  // The lab's facts of the result came after its stages: the panels that waited for them draw now, in a task of
  // their own (the graph and the rest stand as drawn).
  function drawFactPanels() {
    const m = { ...model };
    for (const p of FACT_PANELS) setAttr(panelEls[p], 'aria-busy', 'false');
    const list = RENDER_ORDER.filter((p) => FACT_PANELS.has(p) && state.panels.includes(p));
    for (const p of list) drawPanel(p, m, false);
    highlightSome(list);
    details.draw(selection(), model);
    mark('gl-render-end');
  }

  function drawPanel(p, m, animate) {
    const t = performance.now();
    try {
      views[p].draw(state, m, { animate });
    } catch (err) {
      console.error(`view ${p}:`, err);
    }
    const ms = performance.now() - t;
    if (ms > 0.5) panelMs.set(p, [ms, resultSize(m)]);
  }

  // debugging / test handle (read-only views of the state and the last result)
  Object.defineProperty(window, '__graphlab', {
    value: Object.freeze({
      state: () => JSON.parse(JSON.stringify(state)),
      result: () => model.result,
      error: () => model.error,
      stageCounts: () => model.stages.map((s) => ({ name: s.name, nodes: s.counts.nodes, ops: s.counts.ops, changed: s.changed })),
      // whether the result shown is the one the analysis worker made from the link while the page booted
      analysedEarly: () => !!model.early,
    }),
  });

  // Test hook, only when the page is opened with ?test=1 (tests/e2e/long-use.test.js, bench/lab_perf.mjs):
  // drives the same setState / step the controls and keys use (a setState that changes the configuration is
  // analysed at the next frame, like a slider; analyzeNow runs it at once), and reads the module's heap.
  // Read-only otherwise: it takes plain patches through withPatch like every control.
  if (new URLSearchParams(location.search).get('test') === '1') {
    Object.defineProperty(window, '__graphlabTest', {
      value: Object.freeze({
        setState: (patch) => setState(patch),
        analyzeNow: () => analyze(),        // a Promise: resolved once the result is drawn
        step: (dir) => step(dir),
        stages: () => model.stages.length,
        heap: () => analyzer.heap(),         // a Promise: the analysis worker's module
      }),
    });
  }

  // The page's module, when it was not needed before now: its version checked against the build's meta. The
  // first analysis waits for it only when a panel the module serves on the page is open (the program's trace,
  // the code, the IR text, the dynamic demos, the numeric run, a one-layer sweep); else it is instantiated once
  // the first result is drawn (its .wasm is the analysis worker's, compiled already): a link's first graph, the analysis worker's,
  // waits for nothing of it.
  const pageModulePanels = ['program', 'code', 'ir', 'dynamic', 'numerics'];
  const pageNeedsModule = state.panels.some((p) => pageModulePanels.includes(p)) || (state.panels.includes('kernels') && state.cfg.layers === 1);
  let moduleLoaded = null;
  const loadModule = () => moduleLoaded || (moduleLoaded = labReady().then((l) => {
    lab = l;
    status.textContent = `GraphLab ${lab.version || ''}`.trim();
    if (known && known.version !== lab.version) {
      console.warn(`app/core-meta.json is for module ${known.version}, this one is ${lab.version}: using the module's meta and presets`);
      known = null;
      takeCoreMeta(coreMetaOf(lab, null));
    }
    return true;
  }, (err) => {
    moduleFailed(err);
    return false;
  }));
  if ((pageNeedsModule || lab) && !(await loadModule())) return;
  drawChrome();
  writeHash({ now: true });
  await analyze();
  if (!(await loadModule())) return;
  if (model.factsPending && factsDone) await factsDone;   // every panel drawn
  document.body.classList.add('ready');
  // the build's meta and presets against the module's own, once the first graph is up
  if (known) {
    const file = known;
    setTimeout(() => {
      const own = moduleCoreMeta(lab, file);
      if (!own) return;
      console.warn('app/core-meta.json differs from the module\'s meta or presets (was the module rebuilt alone?): using the module\'s');
      takeCoreMeta(own);
    }, 1000);
  }
}
