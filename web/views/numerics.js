// views/numerics.js — runs the current layer for real: random params and inputs from a seed, every
// stage interpreted in float64 inside the WASM module, in a Web Worker (worker.js). Shows each stage's
// largest difference from the traced graph (every pass must preserve the math: differences are
// rounding, ~1e-15), a heatmap of an output, and the interpreter's run time. Refuses sizes whose float64
// parameters or largest activation would exceed 64 MB, saying which.

import { d3 } from '../lib.js';
import { el, clear, table } from '../dom.js';
import { caseFromState, numericFootprint, NUMERIC_LIMIT_BYTES } from '../state.js';
import { decodeArray } from '../model.js';
import { fmtBytes, fmtShape } from '../ops.js';

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
  const btnRun = el('button', { type: 'button', 'data-testid': 'run-numerics' }, 'Run in WASM');
  const cbAuto = el('input', { type: 'checkbox', id: 'num-auto' });
  cbAuto.checked = true;
  const statusLine = el('span', { class: 'num-status', 'aria-live': 'polite', 'data-testid': 'numerics-status' });
  controls.append(btnRun, el('label', { for: 'num-auto' }, cbAuto, ' run on every change'), statusLine);
  const refuse = el('div', { class: 'num-refuse', role: 'status', hidden: '' });
  const errTable = el('div', { class: 'num-table' });
  const heatCtl = el('div', { class: 'heat-ctl' });
  const selStage = el('select', { 'aria-label': 'stage for the heatmap' });
  const selOut = el('select', { 'aria-label': 'output for the heatmap' });
  heatCtl.append(el('label', {}, 'heatmap of ', selOut), el('label', {}, ' at stage ', selStage));
  const heatBox = el('div', { class: 'heatmap' });
  root.append(controls, refuse, errTable, heatCtl, heatBox);

  let worker = null;
  let seq = 0;
  let pendingId = 0;
  let lastKey = null;
  let last = null;     // {result, ms, decoded: {stageKey: [arrays]}, mode}
  let state = null;
  let autoTimer = null;

  function getWorker() {
    if (worker) return worker;
    const url = ctx.workerUrl || new URL('../worker.js', import.meta.url);
    worker = new Worker(url, { type: ctx.workerType || 'module' });
    if (ctx.wasmBinary) worker.postMessage({ type: 'init', wasmBinary: ctx.wasmBinary });
    worker.onmessage = (ev) => onMessage(ev.data);
    worker.onerror = (ev) => {
      statusLine.textContent = `the worker failed: ${ev.message || 'unknown error'}`;
      ev.preventDefault();
      worker = null;
    };
    return worker;
  }

  function runKey(st) {
    return JSON.stringify([st.cfg, st.pipeline, st.seed]);
  }

  function tooBig(st) {
    const fp = numericFootprint(st.cfg);
    if (fp.params > NUMERIC_LIMIT_BYTES) {
      return `Not run: this layer's parameters alone are ${fmtBytes(fp.params)} of float64 (the lab runs numerics only up to ${fmtBytes(NUMERIC_LIMIT_BYTES)}, so a browser tab stays responsive). Shrink d, f, the heads or the layer count — the small preset runs in milliseconds.`;
    }
    if (fp.act > NUMERIC_LIMIT_BYTES) {
      return `Not run: the largest intermediate (attention scores or FFN activations) would be ${fmtBytes(fp.act)} of float64, over the ${fmtBytes(NUMERIC_LIMIT_BYTES)} limit. Use fewer tokens (T or S).`;
    }
    return null;
  }

  function run() {
    if (!state) return;
    const why = tooBig(state);
    if (why) {
      refuse.hidden = false;
      refuse.textContent = why;
      statusLine.textContent = '';
      return;
    }
    refuse.hidden = true;
    lastKey = runKey(state);
    const id = ++seq;
    pendingId = id;
    statusLine.textContent = 'running in the worker…';
    try {
      getWorker().postMessage({ type: 'run', id, caseObj: caseFromState(state, { numeric: true, presetDevices: ctx.presets()?.devices }) });
    } catch (err) {
      statusLine.textContent = `could not start the worker: ${err.message}`;
    }
  }

  function onMessage(msg) {
    if (!msg || msg.id !== pendingId) return; // a newer run superseded this one
    if (msg.type === 'error') {
      last = null;
      statusLine.textContent = `the run failed: ${msg.error.message}`;
      clear(errTable);
      clear(heatBox);
      return;
    }
    const decoded = {};
    for (const [k, arrs] of Object.entries(msg.result.outputs || {})) decoded[k] = arrs.map(decodeArray);
    last = { result: msg.result, ms: msg.ms, decoded, mode: state.cfg.mode === 'prefill' ? 'prefill' : 'decode' };
    const tm = msg.result.timing_ms || {};
    const ms = (x) => (x !== undefined ? `${(+x).toFixed(2)} ms` : '?');
    statusLine.textContent = `done: interpreter ${ms(tm.run_stages)} for all stages (${ms(tm.run)} for the final graph), round trip ${msg.ms.toFixed(1)} ms`;
    statusLine.setAttribute('data-done', '1');
    drawResult();
  }

  function drawResult() {
    clear(errTable);
    if (!last) return;
    const keys = Object.keys(last.decoded);
    if (!keys.length) {
      errTable.append(el('p', { class: 'note' }, 'The module returned no outputs.'));
      return;
    }
    const ref = last.decoded[keys[0]];
    const names = OUT_NAMES[last.mode];
    const head = ['stage', ...ref.map((a, i) => `max |Δ| ${names[i] || 'out' + i} ${fmtShape(a.shape)}`)];
    const rows = keys.map((k) => [k, ...last.decoded[k].map((a, i) => {
      const d = maxAbsDiff(a.data, ref[i] && ref[i].data);
      return k === keys[0] ? '(reference)' : Number.isNaN(d) ? 'shape differs' : d === 0 ? '0 (bit-identical)' : d.toExponential(2);
    })]);
    errTable.append(table(head, rows, { class: 'totals', 'data-testid': 'numerics-table' }));
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
    if (!last) return;
    const arrs = last.decoded[selStage.value];
    if (!arrs) return;
    const a = arrs[Number(selOut.value) || 0];
    if (!a) return;
    const shape = a.shape;
    const cols = shape.length ? shape[shape.length - 1] : 1;
    const rowsN = Math.max(1, a.data.length / Math.max(1, cols));
    const maxRows = 512, maxCols = 1024;
    const R = Math.min(rowsN, maxRows), C = Math.min(cols, maxCols);
    let amax = 0;
    for (const v of a.data) if (Number.isFinite(v)) amax = Math.max(amax, Math.abs(v));
    const color = d3.scaleDiverging(d3.interpolateRdBu).domain([amax || 1, 0, -(amax || 1)]);
    const canvas = el('canvas', { width: C, height: R, class: 'heat-canvas', 'aria-label': `heatmap ${fmtShape(shape)}` });
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
    heatBox.append(canvas, el('p', { class: 'note' },
      `${fmtShape(shape)} (rows × last dim${rowsN > R || cols > C ? `, first ${R}×${C} shown` : ''}); red > 0 > blue, |max| = ${amax.toPrecision(3)}`));
  }

  selStage.addEventListener('change', drawHeat);
  selOut.addEventListener('change', drawHeat);
  btnRun.addEventListener('click', () => run());

  function draw(st, model) {
    state = st;
    if (model.error) {
      statusLine.textContent = 'fix the configuration to run it';
      return;
    }
    const why = tooBig(st);
    refuse.hidden = !why;
    refuse.textContent = why || '';
    btnRun.disabled = !!why;
    if (why) return;
    if (cbAuto.checked && runKey(st) !== lastKey) {
      clearTimeout(autoTimer);
      autoTimer = setTimeout(run, 250);
    }
  }

  return { draw };
}
