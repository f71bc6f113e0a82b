// main.js — the lab's wiring: one state object (state.js) mirrored to the URL hash, one analysis result from
// the C core per configuration (shell/scheduler.js), and the panels of the table (panels.js) drawn from both
// (shell/panel-manager.js). Each piece is a module of its own; boot connects them.
//
// boot(opts) is called by app.js (the served page) and by the single-file build (dist), which passes
// the WASM bytes (opts.wasmBinary) and a worker URL (opts.workerUrl) because it has no files beside it;
// app.js passes opts.wasmModule: the analysis worker's compiled .wasm (or one app.js compiles when it has none).
import { parseHash, serializeHash, withPatch, withKnownDevice, DEFAULT_PIPELINE, PASS_NAMES } from './state.js';
import { PANELS, PANEL_TITLES, panelsNeedModule } from './panels.js';
import { createAnalyzer } from './analysis.js';
import { setAttr, setFlag, setText } from './dom.js';
import { mark } from './perf.js';
import { withConfig } from './program-examples.js';
import { createPresentView } from './views/present.js';
import { createShareExercise } from './views/share-exercise.js';
import { createLessonPlayer } from './lessons/player.js';
import { addCopyLink } from './share.js';
import { resolve, originOf, kernelIndex, bufferOf } from './selection.js';
import { createDetailsView } from './views/details.js';
import { createHashWriter, withKeptProgram } from './shell/hash-writer.js';
import { createScheduler, analysisKey, CONFIG_KEYS } from './shell/scheduler.js';
import { createStepper } from './shell/stepper.js';
import { createPanelManager, mountPanels, makeViews, labelPanels } from './shell/panel-manager.js';
import { createWorkspace } from './shell/workspace.js';
import { createLangSwitch } from './shell/lang.js';
import { detectLang, lang, setLang, storedLang, t } from './i18n/i18n.js';

/** A link's refused keys said in the page's language (state.js says them in English; each reason stays as it
 *  is, under a translated lead). */
export function linkNotice(parsed) {
  if (!parsed.notice || lang() === 'en') return parsed.notice;
  const whys = parsed.dropped.map((d) => d.why);
  if (whys.length === 1 && parsed.dropped[0].key === null) return t('shell.link.invalid', { why: whys[0] });
  return t('shell.link.dropped', { n: whys.length, whys: whys.join('; ') });
}
import { createPageModule } from './shell/page-module.js';
import { installTestHooks } from './shell/test-hooks.js';
import { runKey } from './precision.js';

export async function boot(opts = {}) {
  const $ = (id) => document.getElementById(id);
  const header = document.querySelector('header.top');
  const notice = (text) => {
    $('notice-text').textContent = text;
    $('notice').hidden = false;
  };
  $('notice-close').addEventListener('click', () => { $('notice').hidden = true; });
  // the skip link: past the header and the config, to the graph's stepper (a hash link would be read as settings)
  $('skip-graph')?.addEventListener('click', () => {
    const to = document.querySelector('#panel-graph [data-testid="pass-next"]') || document.querySelector('#panel-graph button');
    if (to) to.focus();
  });

  const first = parseHash(location.hash);
  let { state } = first;
  // the language first: the notices, the status and the panels are said in it
  setLang(detectLang(state.lang, storedLang(), navigator.languages));
  const hashNotice = linkNotice(first);
  if (hashNotice) notice(hashNotice);
  const getState = () => state;

  $('status').textContent = t('shell.loading');
  const page = createPageModule({ opts, status: $('status'), notice });
  // the analysis worker loads its own module while this page loads; without a worker the page's module analyses
  const analyzer = createAnalyzer({
    url: opts.analysisWorkerUrl || null, type: opts.workerType || 'module', wasmBinary: opts.wasmBinary || null,
    pageLab: () => page.lab() || page.ready(), worker: opts.analysisWorker || null,
  });
  analyzer.warm();
  if (!(await page.start())) return;
  // the hash again with the core's limits: before they were known only its syntax could be checked
  const again = parseHash(location.hash, { limits: page.limits() });
  if (again.notice && linkNotice(again) !== hashNotice) notice(linkNotice(again));
  state = again.state;
  // a device name only the module can judge: like any other bad key, only it is dropped (on load and on edit)
  function dropUnknownDevice() {
    const known = withKnownDevice(state, page.presets() && page.presets().devices);
    if (known !== state) notice(t('shell.device.unknown', { dev: state.dev }));
    state = known;
  }
  dropUnknownDevice();
  state = withKeptProgram(state);

  const scheduler = createScheduler({
    analyzer, getState, presets: page.presets,
    clampStage: (n) => { if (state.stage > n - 1) state = withPatch(state, { stage: Math.max(0, n - 1) }); },
    applied: () => {
      panels.pendingDone();
      document.body.classList.remove('analysing');
      mark('gl-analyze-end');
      render({ animate: true });
      hash.write();   // (after render: the panels drawn after the frame go before the URL write, ~5-15 ms)
    },
    factsIn: () => panels.drawFacts(),
  });
  const model = scheduler.model;
  const hash = createHashWriter({ getState, analyzing: scheduler.analyzing, notice });

  function setState(patch, o = {}) {
    const prev = state;
    state = withPatch(state, patch);
    // a preset or slider writes the program's config line too (program-examples.js)
    if (patch.cfg && typeof state.prog === 'string') state = withPatch(state, { prog: withConfig(state.prog, state.cfg) });
    hash.write();
    const rerun = o.rerun || CONFIG_KEYS.some((k) => k in patch);
    if (rerun && analysisKey(state) !== analysisKey(prev)) {
      scheduler.schedule(o.typing ? 'typing' : 'frame');
      panels.showPending();
    } else render({ animate: true });
  }
  const render = (o) => panels.render(o);

  // the one selection (selection.js): a node's stable key; marking it only re-marks what is drawn
  let selMemo = null;
  let marks = null;     // a lesson step's marks on nodes ({focus, picked, picking}: lessons/player.js), or null
  function selection() {
    const sel = selectionOf();
    sel.marks = marks;
    return sel;
  }
  function selectionOf() {
    const cur = Math.max(0, Math.min(state.stage, model.stages.length - 1));
    if (selMemo && selMemo.key === state.sel && selMemo.stage === cur && selMemo.version === model.version) return selMemo;
    const key = state.sel;
    selMemo = { key, stage: cur, version: model.version, at: resolve(model.stages, key, cur),
      origin: key ? originOf(model.stages, key) : null, kernel: key ? kernelIndex(model.result, model.stages, key) : null,
      buffer: key ? bufferOf(model.result, model.stages, key) : null };
    return selMemo;
  }
  function setMarks(m) {
    marks = m;
    panels.highlightAll();
  }
  function select(key) {
    if ((key || null) === state.sel) return;
    state = withPatch(state, { sel: key || null });
    hash.write();
    panels.highlightAll();
  }

  const stepper = createStepper({ getState, setState, stages: () => model.stages, redraw: () => render({ animate: false }), select });
  // the language first: the panels are labelled as they are made
  setLang(detectLang(state.lang, storedLang(), navigator.languages));
  const panelEls = mountPanels({ main: document.querySelector('main.layout'), chips: $('panel-chips'),
    onToggle: (p, on) => setState({ panels: PANELS.filter((x) => (x === p ? on : state.panels.includes(x))) }) });
  panelEls.graph.querySelector('h2').after(Object.assign(document.createElement('div'),
    { id: 'stale', className: 'stale', hidden: true, textContent: t('stale.graph') }));
  const copyLink = addCopyLink(header, () => state);
  let chrome = null;   // the presentation button and the exercise dialog (made below), relabelled with the panels
  let workspace = null;   // (made once the lesson card is: the rail's splitter goes in it)
  const langSwitch = createLangSwitch({ header, setState: (p) => setState(p), relabel: () => {
    labelPanels(panelEls, $('panel-chips'));
    setText($('stale'), t('stale.graph'));
    copyLink.relabel();
    if (chrome) chrome.forEach((c) => c.relabel());
    if (workspace) workspace.relabel();
  } });

  // the numeric run's error under a precision plan ({key: its runKey, error}: views/numerics.js sets it); the graph
  // colours its final stage by it while it is the current configuration's (views/graph/error-marks.js)
  let errorRun = null;
  const ctx = {
    getState, setState, select, selection, setMarks,
    errorRun: () => (errorRun && errorRun.key === runKey(state) ? errorRun.error : null),
    setErrorRun: (e) => {
      errorRun = e;
      if (views && views.graph.markError) views.graph.markError();
    }, graphSettled: () => lessonPlayer.settled(),
    presets: page.presets, lab: page.lab, meta: page.meta, limits: page.limits, analysisKey,
    step: stepper.step, gotoStage: stepper.gotoStage, togglePlay: stepper.togglePlay, playing: stepper.playing,
    visibleStages: stepper.visibleStages, redraw: () => render({ animate: false }),
    passNames: () => PASS_NAMES.slice(), defaultPipeline: () => DEFAULT_PIPELINE.slice(),
    highlightKernel: (ki) => views.graph.setHighlight(ki), graphBoxes: () => views.graph.boxes(),
    workerUrl: opts.workerUrl || null, workerType: opts.workerType || 'module', wasmBinary: opts.wasmBinary || null,
    wasmModule: () => page.compiled(), layoutWorkerUrl: opts.layoutWorkerUrl || null, layerSlice: (layer) => analyzer.layer(model.resultId, layer),
  };
  const views = makeViews(panelEls, ctx);
  const present = createPresentView({ ctx, header, panelEls, titles: PANEL_TITLES });
  chrome = [copyLink, present, createShareExercise({ header, getState })];
  const lessonPlayer = createLessonPlayer({ ctx, present, header, notice });
  workspace = createWorkspace({ main: document.querySelector('main.layout'), header, card: document.querySelector('.lesson-card') });
  const details = createDetailsView($('details'), ctx);
  // the page's frame: the chrome of the open panels (only what changed is written; presentation: views/present.js)
  function drawChrome() {
    document.body.classList.toggle('no-config', !state.panels.includes('config'));
    langSwitch.draw(state);
  }
  const panels = createPanelManager({ els: panelEls, views, getState, model, selection, details,
    isCurrent: () => model.key === analysisKey(state),
    drawFrame: (m) => {
      drawChrome();
      setFlag($('stale'), 'hidden', !(model.error && model.stale));
      present.draw(state);
      lessonPlayer.draw(state, m);
    } });

  // An edited URL or a history step (back / forward: the lesson player pushes an entry per step). popstate comes
  // first, in the traversal's own task: taking the new hash there leaves no moment in which a deferred hash write
  // of the old state could land on the new entry and hide it from hashchange.
  function onUrlChanged() {
    if (location.hash === '#' + serializeHash(state)) return;
    const parsed = parseHash(location.hash, { limits: page.limits() });
    if (parsed.notice) notice(linkNotice(parsed));
    state = parsed.state;
    dropUnknownDevice();
    hash.write({ now: true });
    scheduler.schedule('now');
    render({ animate: false });
  }
  window.addEventListener('popstate', onUrlChanged);
  window.addEventListener('hashchange', onUrlChanged);
  installTestHooks({ getState, model, setState, analyze: scheduler.analyze, step: stepper.step, heap: () => analyzer.heap() });

  // The page's module is awaited before the first analysis only when an open panel needs it on the page;
  // else it is instantiated once the first result is drawn (a link's first graph is the analysis worker's).
  if ((panelsNeedModule(state) || page.loadedAlready()) && !(await page.load())) return;
  panels.drawOpen(state);   // the page's first layout is of the panels the link shows
  drawChrome();
  hash.write({ now: true });
  await scheduler.analyze();
  if (!(await page.load())) return;
  await scheduler.factsDone();   // every panel drawn
  document.body.classList.add('ready');
  page.checkMeta();
}
