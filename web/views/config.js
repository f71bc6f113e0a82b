// views/config.js — the configuration panel: model presets, layer shape, mode, element size, device.
// Every change goes through ctx.setState, which re-runs the (shape-only) analysis. Values outside the core's
// ranges (ctx.limits(): LIMITS(meta), the same table the hash is checked against) are caught here; impossible combinations (H not a multiple of G, odd dh in prefill, …) are the C
// core's to judge, and its GraphLabError message is shown inline, in the alert box below the fields.

import { el, clear } from '../dom.js';
import { rangeError } from '../state.js';
import { formatSI as fmtSI, formatTime as fmtTime } from '../format.js';

function niceTicks(min, max, extra = []) {
  const s = new Set(extra.filter((v) => v >= min && v <= max));
  for (let p = 1; p <= max * 2; p *= 2) {
    for (const m of [1, 1.5]) {
      const v = Math.round(p * m);
      if (v >= min && v <= max) s.add(v);
    }
  }
  s.add(min);
  s.add(max);
  return [...s].sort((a, b) => a - b);
}

const FIELDS = [
  { key: 'd', label: 'd (model width)', ticks: niceTicks(8, 8192, [4096, 5120]) },
  { key: 'H', label: 'H (query heads)', ticks: niceTicks(1, 128, [3, 5, 6, 7, 10, 12, 20, 40, 48, 56, 64]) },
  { key: 'G', label: 'G (KV heads)', ticks: niceTicks(1, 128, [3, 5, 6, 7, 10, 12]) },
  { key: 'dh', label: 'dh (head dim)', ticks: niceTicks(2, 256, [6, 10, 12, 14, 80, 96, 112]) },
  { key: 'f', label: 'f (FFN width)', ticks: niceTicks(8, 65536, [11008, 14336, 28672]) },
  { key: 'T', label: 'T (prompt tokens)', ticks: niceTicks(1, 8192, [12]), modes: ['prefill'] },
  { key: 'pos0', label: 'pos0 (first position)', ticks: [0, ...niceTicks(1, 8192)], modes: ['prefill'] },
  { key: 'S', label: 'S (KV-cache length)', ticks: niceTicks(1, 131072, [9, 16]), modes: ['decode', 'masked'] },
  { key: 'layers', label: 'layers', ticks: niceTicks(1, 32, [3, 5, 6, 7]), limit: 'L' },
];

/** A limit in a field's unit (the device fields show TFLOP/s, GB/s, µs). */
function inUnit(lim, unit) {
  if (!lim || unit === 1) return lim;
  const u = (v) => +(v / unit).toPrecision(12);
  return { ...lim, min: u(lim.min), max: u(lim.max) };
}

export function createConfigView(root, ctx) {
  clear(root);
  const limits = (ctx.limits && ctx.limits()) || {};
  const bounds = (lim) => (lim ? { min: lim.min, max: lim.max } : {});
  const form = el('form', { class: 'config', 'aria-label': 'layer configuration', novalidate: '' });
  form.addEventListener('submit', (e) => e.preventDefault());

  // model preset
  const selModel = el('select', { id: 'cfg-preset', 'aria-label': 'model preset' });
  form.append(el('label', { class: 'row' }, el('span', {}, 'model preset'), selModel));
  selModel.addEventListener('change', () => {
    const p = (ctx.presets()?.models || []).find((m) => m.name === selModel.value);
    if (p) ctx.setState({ cfg: { ...p.cfg, layers: p.layers || 1 } });
  });

  // mode
  const modeBox = el('fieldset', { class: 'modes' }, el('legend', {}, 'mode'));
  const modeInputs = {};
  for (const [m, label] of [['prefill', 'prefill'], ['decode', 'decode'], ['masked', 'masked decode']]) {
    const r = el('input', { type: 'radio', name: 'mode', value: m, id: `mode-${m}` });
    r.addEventListener('change', () => r.checked && ctx.setState({ cfg: { mode: m } }));
    modeInputs[m] = r;
    modeBox.append(el('label', { for: `mode-${m}` }, r, ' ', label));
  }
  form.append(modeBox);

  // numeric fields: a slider over nice values + an exact number box
  const rows = {};
  for (const f of FIELDS) {
    const lim = limits[f.limit || f.key];
    const num = el('input', { type: 'number', id: `cfg-${f.key}`, ...bounds(lim), step: 1, inputmode: 'numeric', 'aria-label': f.label });
    const range = el('input', { type: 'range', min: 0, max: f.ticks.length - 1, step: 1, 'aria-label': `${f.label} slider` });
    const msg = el('span', { class: 'field-msg', 'aria-live': 'polite' });
    const row = el('div', { class: 'row field', 'data-field': f.key }, el('label', { for: `cfg-${f.key}` }, f.label), range, num, msg);
    // typing: a keystroke in the number box (analysed once typing pauses); anything else — the slider, the
    // box's arrow keys / spin buttons, Enter or leaving the box — is analysed at the next frame
    const commit = (v, typing = false) => {
      msg.textContent = '';
      num.removeAttribute('aria-invalid');
      const why = Number.isInteger(v) ? rangeError(v, lim) : 'not a whole number';
      if (why) {
        msg.textContent = `${f.key}: ${why}`;
        num.setAttribute('aria-invalid', 'true');
        return;
      }
      ctx.setState({ cfg: { [f.key]: v } }, { typing });
    };
    num.addEventListener('input', (ev) => {
      if (num.value === '') return;
      commit(Number(num.value), !!ev.inputType);
    });
    num.addEventListener('change', () => commit(num.value === '' ? NaN : Number(num.value)));
    range.addEventListener('input', () => {
      const v = f.ticks[Number(range.value)];
      num.value = String(v);
      commit(v);
    });
    rows[f.key] = { row, num, range, msg, f };
    form.append(row);
  }

  // advanced: eps, theta
  const adv = el('details', { class: 'adv' }, el('summary', {}, 'eps, RoPE θ, seed'));
  const numEps = el('input', { type: 'number', id: 'cfg-eps', step: 'any', ...bounds(limits.eps) });
  const numTheta = el('input', { type: 'number', id: 'cfg-theta', step: 'any', ...bounds(limits.theta) });
  const numSeed = el('input', { type: 'number', id: 'cfg-seed', step: 1, ...bounds(limits.seed) });
  const advMsg = el('span', { class: 'field-msg', 'data-testid': 'adv-msg' });
  const advCommit = (key, input, lim, integer = false) => () => {
    const v = Number(input.value);
    advMsg.textContent = '';
    const why = input.value === '' ? 'empty' : integer && !Number.isInteger(v) ? 'not a whole number' : rangeError(v, lim);
    if (why) {
      advMsg.textContent = `${key}: ${why}`;
      return;
    }
    if (key === 'seed') ctx.setState({ seed: v });
    else ctx.setState({ cfg: { [key]: v } });
  };
  numEps.addEventListener('change', advCommit('eps', numEps, limits.eps));
  numTheta.addEventListener('change', advCommit('theta', numTheta, limits.theta));
  numSeed.addEventListener('change', advCommit('seed', numSeed, limits.seed, true));
  adv.append(
    el('label', { class: 'row' }, el('span', {}, 'eps'), numEps),
    el('label', { class: 'row' }, el('span', {}, 'θ'), numTheta),
    el('label', { class: 'row' }, el('span', {}, 'random seed (numerics)'), numSeed),
    advMsg,
  );
  form.append(adv);

  // element bytes
  const ebBox = el('fieldset', { class: 'modes' }, el('legend', {}, 'element size'));
  const ebInputs = {};
  for (const [v, label] of [[2, '2 bytes (bf16)'], [4, '4 bytes (fp32)']]) {
    const r = el('input', { type: 'radio', name: 'eb', value: v, id: `eb-${v}` });
    r.addEventListener('change', () => r.checked && ctx.setState({ eb: v }));
    ebInputs[v] = r;
    ebBox.append(el('label', { for: `eb-${v}` }, r, ' ', label));
  }
  form.append(ebBox);

  // device
  const selDev = el('select', { id: 'cfg-device', 'aria-label': 'device' });
  selDev.addEventListener('change', () => {
    if (selDev.value === 'custom') {
      const cur = (ctx.presets()?.devices || []).find((d) => d.name === ctx.getState().dev);
      const patch = { dev: 'custom' };
      if (cur) patch.custom = { mm: cur.mm_flops, vec: cur.vec_flops, bw: cur.bw, launch: cur.launch };
      ctx.setState(patch);
    } else ctx.setState({ dev: selDev.value });
  });
  const devInfo = el('div', { class: 'dev-info' });
  const custom = el('div', { class: 'custom-dev' });
  const customFields = [
    ['mm', 'matmul peak (TFLOP/s)', 1e12],
    ['vec', 'vector peak (TFLOP/s)', 1e12],
    ['bw', 'bandwidth (GB/s)', 1e9],
    ['launch', 'launch overhead (µs)', 1e-6],
  ];
  const customInputs = {};
  const customMsg = el('span', { class: 'field-msg', 'data-testid': 'custom-msg' });
  for (const [k, label, unit] of customFields) {
    const shown = inUnit(limits[k], unit);
    const inp = el('input', { type: 'number', step: 'any', ...bounds(shown), id: `dev-${k}` });
    inp.addEventListener('change', () => {
      const v = Number(inp.value) * unit;
      customMsg.textContent = '';
      // checked in the field's unit, so the message's bounds read as the field does
      const why = inp.value === '' ? 'empty' : rangeError(Number(inp.value), shown) || rangeError(v, limits[k]);
      if (why) {
        customMsg.textContent = `${label}: ${why}`;
        return;
      }
      ctx.setState({ custom: { [k]: v } });
    });
    customInputs[k] = { inp, unit };
    custom.append(el('label', { class: 'row' }, el('span', {}, label), inp));
  }
  custom.append(customMsg);
  form.append(el('label', { class: 'row' }, el('span', {}, 'device'), selDev), devInfo, custom);

  const errBox = el('div', { class: 'config-error', role: 'alert', 'data-testid': 'config-error', hidden: '' });
  const summary = el('div', { class: 'config-summary', 'aria-live': 'polite' });
  form.append(errBox, summary);
  root.append(form);

  let presetsFilled = false;

  function fillPresets(presets) {
    if (presetsFilled || !presets) return;
    presetsFilled = true;
    clear(selModel);
    selModel.append(el('option', { value: '' }, '(custom shape)'));
    for (const m of presets.models || []) selModel.append(el('option', { value: m.name }, m.title || m.name));
    clear(selDev);
    for (const d of presets.devices || []) selDev.append(el('option', { value: d.name }, d.title || d.name));
    selDev.append(el('option', { value: 'custom' }, 'custom device…'));
  }

  function setVal(input, v) {
    if (document.activeElement !== input) input.value = String(v);
  }

  function draw(state, model) {
    const presets = ctx.presets();
    fillPresets(presets);
    const c = state.cfg;
    const match = (presets?.models || []).find((m) =>
      ['d', 'H', 'G', 'dh', 'f', 'eps', 'theta'].every((k) => m.cfg[k] === c[k]));
    selModel.value = match ? match.name : '';
    for (const [m, r] of Object.entries(modeInputs)) r.checked = c.mode === m;
    for (const { row, num, range, f } of Object.values(rows)) {
      row.hidden = !!(f.modes && !f.modes.includes(c.mode));
      setVal(num, c[f.key]);
      let best = 0;
      f.ticks.forEach((t, i) => { if (Math.abs(t - c[f.key]) < Math.abs(f.ticks[best] - c[f.key])) best = i; });
      range.value = String(best);
    }
    setVal(numEps, c.eps);
    setVal(numTheta, c.theta);
    setVal(numSeed, state.seed);
    for (const [v, r] of Object.entries(ebInputs)) r.checked = Number(v) === state.eb;
    selDev.value = state.dev;
    custom.hidden = state.dev !== 'custom';
    for (const [k, { inp, unit }] of Object.entries(customInputs)) setVal(inp, +(state.custom[k] / unit).toPrecision(6));
    const dev = state.dev === 'custom' ? null : (presets?.devices || []).find((d) => d.name === state.dev);
    devInfo.textContent = dev
      ? `matmul ${fmtSI(dev.mm_flops, 'FLOP/s')}, vector ${fmtSI(dev.vec_flops, 'FLOP/s')}, ${fmtSI(dev.bw, 'B/s')}, launch ${fmtTime(dev.launch)}${dev.source ? ` — ${dev.source}` : ''}`
      : '';

    if (model && model.error) {
      errBox.hidden = false;
      clear(errBox);
      errBox.append(el('strong', {}, 'This configuration cannot be built: '), el('span', { class: 'msg' }, model.error.message));
      if (model.error.code !== undefined) errBox.append(el('span', { class: 'code' }, ` (${model.error.code})`));
    } else {
      errBox.hidden = true;
      clear(errBox);
    }
    const r = model && model.result;
    if (r && !model.error) {
      const tm = r.timing_ms || {};
      const bind = r.bind && Object.keys(r.bind).length ? ` · bind ${Object.entries(r.bind).map(([k, v]) => `${k}=${v}`).join(', ')}` : '';
      summary.textContent = `analysis in ${tm.total !== undefined ? (+tm.total).toFixed(2) + ' ms' : '?'}${bind}`;
    } else summary.textContent = '';
  }

  return { draw };
}
