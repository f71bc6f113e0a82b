// views/numerics.js — runs the current layer for real: random params and inputs from a seed, every
// stage interpreted in float64 inside the WASM module, in a Web Worker (worker.js). Shows each stage's
// largest difference from the traced graph (every pass must preserve the math: differences are
// rounding, ~1e-15), a heatmap of an output, and the interpreter's run time.
//
// Every run is tagged with the configuration it was started for (runKey): a run superseded by a change is
// cancelled (the worker is terminated and a fresh one made), and a result or error for anything but the
// current configuration is never drawn. A table for another configuration is either marked stale (a new run or
// analysis is on its way) or cleared (the new configuration is refused or cannot be built).
// Sizes over the core's run budget (run-budget.js) are refused before any run, with advice a lab user can act on.

import { appUrl } from '../app-url.js';
import { d3 } from '../lib.js';
import { el, clear, table } from '../dom.js';
import { caseFromState } from '../state.js';
import { runBudget, refuseReason } from '../run-budget.js';
import { decodeArray } from '../model.js';
import { fmtShape } from '../ops.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';
import { formatMs } from '../format.js';
import { clockResolutionMs } from '../clock.js';
import { explain } from '../glossary.js';
import { runKey } from '../precision.js';
import { createPlanControls } from './numerics/plan.js';
import { createErrorView } from './numerics/error.js';
import { lang, t } from '../i18n/i18n.js';

export { runKey };

const OUT_NAMES = { prefill: ['x_out'], decode: ['x_out', 'K', 'V'] };

export function maxAbsDiff(a, b) {
  if (!a || !b || a.length !== b.length) return NaN;
  let m = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x === y) continue; // also equal infinities
    const d = Math.abs(x - y);
    if (!(d <= m)) m = d; // NaN propagates
  }
  return m;
}

export function createNumericsView(root, ctx) {
  clear(root);
  const controls = el('div', { class: 'num-controls' });
  const btnRun = el('button', { type: 'button', 'data-testid': 'run-numerics' });
  const cbAuto = el('input', { type: 'checkbox', id: 'num-auto' });
  cbAuto.checked = true;
  const statusLine = el('span', { class: 'num-status', 'aria-live': 'polite', 'data-testid': 'numerics-status' });
  const autoWord = document.createTextNode('');
  controls.append(btnRun, el('label', { for: 'num-auto' }, cbAuto, autoWord), statusLine);
  // the status line's message, kept as key and values: said again when the language changes
  let status = null;
  const say = (key, vars = {}) => {
    status = key ? [key, vars] : null;
    statusLine.textContent = key ? t(key, vars) : '';
  };
  const refuse = el('div', { class: 'num-refuse', role: 'status', 'data-testid': 'numerics-refuse', hidden: '' });
  const banner = createStaleBanner();
  const errTable = el('div', { class: 'num-table', 'data-testid': 'numeric-error' });   // each stage's max |Δ| (issue 7's hook)
  const heatCtl = el('div', { class: 'heat-ctl' });
  const selStage = el('select');
  const selOut = el('select');
  const heatOf = document.createTextNode('');
  const heatAt = document.createTextNode('');
  heatCtl.append(el('label', {}, heatOf, selOut), el('label', {}, heatAt, selStage));
  const heatBox = el('div', { class: 'heatmap' });
  // the precision plan (issue 35) and, under a plan, the error the core measured against float64
  const plan = createPlanControls(ctx);
  const errView = createErrorView(ctx);
  const resultBox = el('div', { class: 'num-result' }, errView.node, errTable, heatCtl, heatBox);
  root.append(plan.node, controls, refuse, banner.node, resultBox);

  let worker = null;
  let seq = 0;
  let busy = null;     // {id, key, cfg}: the run in the worker
  let last = null;     // {key, cfg, result, ms, decoded: {stageKey: [arrays]}, mode}: the table drawn
  let state = null;
  let stagesNow = [];   // the shown result's stages (the error table names the final graph's nodes by them)
  let errFor = null;    // the model version the error view last named nodes by
  let autoTimer = null;
  let labelled = null;  // the language of the words drawn
  function relabel() {
    if (labelled === lang()) return false;
    labelled = lang();
    btnRun.textContent = t('numerics.run');
    autoWord.textContent = t('numerics.auto');
    selStage.setAttribute('aria-label', t('numerics.heat.stage'));
    selOut.setAttribute('aria-label', t('numerics.heat.out'));
    heatOf.textContent = t('numerics.heat.of');
    heatAt.textContent = t('numerics.heat.at');
    if (status) say(...status);
    return true;
  }
  relabel();

  function getWorker() {
    if (worker) return worker;
    const url = ctx.workerUrl || appUrl('worker.js');
    const w = new Worker(url, { type: ctx.workerType || 'module' });
    // the page's compiled module when it has one (the worker instantiates it: no second compile of the .wasm)
    const compiled = !ctx.wasmBinary && ctx.wasmModule ? ctx.wasmModule() : null;
    if (ctx.wasmBinary || compiled) w.postMessage({ type: 'init', wasmBinary: ctx.wasmBinary || undefined, wasmModule: compiled || undefined });
    w.onmessage = (ev) => { if (w === worker) onMessage(ev.data); };
    w.onerror = (ev) => {
      ev.preventDefault();
      if (w !== worker) return;
      say('numerics.status.workerfailed', { message: ev.message || t('numerics.status.unknown') });
      w.terminate();
      worker = null;
      busy = null;
    };
    worker = w;
    return w;
  }

  /** Stops the pending and the running run: the busy worker is terminated (a fresh one is made on demand). */
  function cancel() {
    clearTimeout(autoTimer);
    autoTimer = null;
    if (busy && worker) {
      worker.terminate();
      worker = null;
    }
    busy = null;
  }

  function clearResult() {
    last = null;
    banner.hide();
    resultBox.classList.remove('is-stale');
    clear(errTable);
    clear(heatBox);
    errView.clear();
    if (ctx.setErrorRun) ctx.setErrorRun(null);
  }

  function markStale(why) {
    if (!last) return;
    banner.show(describeConfig(last.cfg), why);
    resultBox.classList.add('is-stale');
  }

  function run() {
    autoTimer = null;
    if (!state || runKey(ctx.getState()) !== runKey(state) || !runnable) return;
    cancel();
    const id = ++seq;
    busy = { id, key: runKey(state), cfg: state.cfg };
    say('numerics.status.running');
    statusLine.removeAttribute('data-done');
    if (last && last.key !== busy.key) markStale(t('numerics.stale.running'));
    try {
      getWorker().postMessage({ type: 'run', id, caseObj: caseFromState(state, { numeric: true, presetDevices: ctx.presets()?.devices }) });
    } catch (err) {
      busy = null;
      say('numerics.status.nostart', { message: err.message });
    }
  }

  function onMessage(msg) {
    if (!msg || !busy || msg.id !== busy.id) return;     // a superseded run
    const key = busy.key;
    const cfg = busy.cfg;
    busy = null;
    if (key !== runKey(ctx.getState())) return;           // the configuration changed while this ran
    if (msg.type === 'error') {
      clearResult();
      say('numerics.status.failed', { message: msg.error.message });   // the core's message, as it is
      return;
    }
    const decoded = {};
    for (const [k, arrs] of Object.entries(msg.result.outputs || {})) decoded[k] = arrs.map(decodeArray);
    last = { key, cfg, result: msg.result, ms: msg.ms, decoded, mode: cfg.mode === 'prefill' ? 'prefill' : 'decode' };
    const tm = msg.result.timing_ms || {};
    // at the clock's resolution (Firefox: whole ms), never "0.00 ms"
    const ms = (x) => (x !== undefined ? formatMs(+x, clockResolutionMs()) : '?');
    say('numerics.status.done', { stages: ms(tm.run_stages), run: ms(tm.run), trip: ms(msg.ms) });
    statusLine.setAttribute('data-done', '1');
    banner.hide();
    resultBox.classList.remove('is-stale');
    // the graph colours its final stage by this run's per-node error (views/graph/error-marks.js)
    if (ctx.setErrorRun) ctx.setErrorRun(msg.result.error ? { key, error: msg.result.error } : null);
    drawResult();
  }

  function drawResult() {
    clear(errTable);
    if (!last) return;
    errView.draw(last.result.error, { stages: stagesNow, mode: last.mode });
    errFor = stagesNow;
    const keys = Object.keys(last.decoded);
    if (!keys.length) {
      errTable.append(el('p', { class: 'note' }, t('numerics.noouts')));
      return;
    }
    const ref = last.decoded[keys[0]];
    const names = OUT_NAMES[last.mode];
    const head = [t('numerics.th.stage'), ...ref.map((a, i) => `max |Δ| ${names[i] || 'out' + i} ${fmtShape(a.shape)}`)];
    const rows = keys.map((k) => [k, ...last.decoded[k].map((a, i) => {
      const d = maxAbsDiff(a.data, ref[i] && ref[i].data);
      return k === keys[0] ? t('numerics.cell.ref') : Number.isNaN(d) ? t('numerics.cell.shape') : d === 0 ? t('numerics.cell.zero') : d.toExponential(2);
    })]);
    errTable.append(table(head, rows, { class: 'totals', 'data-testid': 'numerics-table', 'data-run-key': last.key }));
    // hover: what max |Δ| measures (web/glossary.js)
    for (const th of errTable.querySelectorAll('thead th')) if (th.textContent.startsWith('max |Δ|')) explain(th, 'max |Δ|');
    // selectors
    const prevStage = selStage.value, prevOut = selOut.value;
    clear(selStage);
    keys.forEach((k) => selStage.append(el('option', { value: k }, k)));
    selStage.value = keys.includes(prevStage) ? prevStage : keys[keys.length - 1];
    clear(selOut);
    ref.forEach((a, i) => selOut.append(el('option', { value: String(i) }, names[i] || `out${i}`)));
    selOut.value = prevOut && Number(prevOut) < ref.length ? prevOut : '0';
    drawHeat();
  }

  function drawHeat() {
    clear(heatBox);
    const a = last && last.decoded[selStage.value] && last.decoded[selStage.value][Number(selOut.value) || 0];
    if (a) heatBox.append(...heatmap(a));
  }

  selStage.addEventListener('change', drawHeat);
  selOut.addEventListener('change', drawHeat);
  btnRun.addEventListener('click', () => run());

  let runnable = false;   // the current configuration can be run (analysed, buildable, within the budget)
  function draw(st, model) {
    state = st;
    if (relabel() && last) drawResult();
    plan.draw(st);
    if (model && model.stages && model.stages.length && !model.error) stagesNow = model.stages;
    const key = runKey(st);
    const { fresh, why: staleWhy } = analysisFreshness(ctx, st, model);
    const why = fresh && model.result ? refuseReason(model.result, runBudget(ctx.meta && ctx.meta())) : null;
    runnable = fresh && !!model.result && !why;
    btnRun.disabled = !runnable;
    refuse.hidden = !why;
    refuse.textContent = why || '';
    if (busy && busy.key !== key) cancel();
    if (!runnable) {
      clearTimeout(autoTimer);
      autoTimer = null;
      if (model.error || why) {
        // never an old table under a refusal or an error for another configuration
        cancel();
        clearResult();
        statusLine.removeAttribute('data-done');
        say(model.error ? 'numerics.status.fix' : null);
      } else if (last && last.key !== key) {
        markStale(staleWhy);
        statusLine.removeAttribute('data-done');
        say(null);
      }
      return;
    }
    if (last && last.key === key) {
      banner.hide();
      resultBox.classList.remove('is-stale');
      // new stages for the same run (a layer's names): the error view names the nodes by them
      if (errFor !== stagesNow) {
        errView.draw(last.result.error, { stages: stagesNow, mode: last.mode });
        errFor = stagesNow;
      }
      return;
    }
    if (busy) return;                                    // already running this configuration
    if (last) markStale(t(cbAuto.checked ? 'numerics.stale.running' : 'numerics.stale.press'));
    statusLine.removeAttribute('data-done');
    say(null);
    if (cbAuto.checked) {
      clearTimeout(autoTimer);
      autoTimer = setTimeout(run, 250);
    }
  }

  return { draw };
}

// an output as a heatmap (rows × its last dim, the first 512 × 1024 of them, red > 0 > blue), and its note
function heatmap(a) {
  const shape = a.shape;
  const cols = shape.length ? shape[shape.length - 1] : 1;
  const rowsN = Math.max(1, a.data.length / Math.max(1, cols));
  const maxRows = 512, maxCols = 1024;
  const R = Math.min(rowsN, maxRows), C = Math.min(cols, maxCols);
  let amax = 0;
  for (const v of a.data) if (Number.isFinite(v)) amax = Math.max(amax, Math.abs(v));
  const color = d3.scaleDiverging(d3.interpolateRdBu).domain([amax || 1, 0, -(amax || 1)]);
  const canvas = el('canvas', { width: C, height: R, class: 'heat-canvas', 'aria-label': t('numerics.heat.aria', { shape: fmtShape(shape) }) });
  const g = canvas.getContext('2d');
  const img = g.createImageData(C, R);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const v = a.data[r * cols + c];
      const rgb = d3.rgb(Number.isFinite(v) ? color(v) : '#000');
      const o = (r * C + c) * 4;
      img.data[o] = rgb.r;
      img.data[o + 1] = rgb.g;
      img.data[o + 2] = rgb.b;
      img.data[o + 3] = 255;
    }
  }
  g.putImageData(img, 0, 0);
  // scale the canvas up so single rows stay visible
  const scale = Math.max(1, Math.min(8, Math.floor(480 / C)));
  canvas.style.width = `${C * scale}px`;
  canvas.style.height = `${Math.max(R * scale, 28)}px`;
  return [canvas, el('p', { class: 'note' },
    t(rowsN > R || cols > C ? 'numerics.heat.note.cut' : 'numerics.heat.note', { shape: fmtShape(shape), r: R, c: C, amax: amax.toPrecision(3) }))];
}
