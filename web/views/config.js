// views/config.js — the configuration panel: model presets, layer shape, mode, element size, device.
// Every change goes through ctx.setState, which re-runs the (shape-only) analysis. Values outside the core's
// ranges (ctx.limits(): LIMITS(meta), the same table the hash is checked against) are caught here; impossible combinations (H not a multiple of G, odd dh in prefill, …) are the C
// core's to judge, and its GraphLabError message is shown in words next to the field it names (config.G → the
// G field; the one the student just changed when it names several), and in the alert box below the fields.
// A preset opens what its docs describe: one layer at a typical length (T = 2048 / S = 4096 for the real
// models), with the whole stack one checkbox away.

import { el, clear, setFlag, setText } from '../dom.js';
import { rangeError } from '../state.js';
import { formatSI as fmtSI, formatTime as fmtTime, formatMs } from '../format.js';
import { clockResolutionMs } from '../clock.js';
import { explain } from '../glossary.js';

/** The shape a preset opens with: one layer; the real models at a typical prompt / cache length. */
// The hooks issue 14 names, spelt out (every other field's hook is config-<key> too).
const CONFIG_HOOK = { d: { 'data-testid': 'config-d' }, T: { 'data-testid': 'config-T' } };

export function presetShape(p, defaults = { T: 12, S: 16 }) {
  const big = p.cfg.d >= 1024;
  return { ...p.cfg, layers: 1, T: big ? 2048 : defaults.T, S: big ? 4096 : defaults.S, pos0: 0 };
}

// the core's field names → [the panel's field key, the words shown for it]
const CORE_FIELDS = {
  'config.d': ['d', 'd'], 'config.H': ['H', 'H'], 'config.G': ['G', 'G'], 'config.dh': ['dh', 'dh'], 'config.f': ['f', 'f'],
  'config.T': ['T', 'T'], 'config.S': ['S', 'S'], 'config.pos0': ['pos0', 'pos0'], 'config.layers': ['layers', 'layers'],
  'config.eps': ['eps', 'eps'], 'config.theta': ['theta', 'θ'], 'config.mode': ['mode', 'the mode'],
  'device.mm_flops': ['mm', 'the matmul peak'], 'device.vec_flops': ['vec', 'the vector peak'], 'device.bw': ['bw', 'the bandwidth'],
  'device.launch': ['launch', 'the launch overhead'], elem_bytes: ['eb', 'the element size'],
};
const CORE_FIELD_RE = /\b(config\.[A-Za-z0-9_]+|device\.[a-z_]+|elem_bytes)\b/g;

/**
 * The core's message in words, and the field it belongs to: {text, field}. The field is the one just changed
 * when the message names it, else the last one named ("H (8) must be divisible by G (3)": G).
 */
export function placeCoreError(message, lastEdited = null) {
  const named = [...String(message).matchAll(CORE_FIELD_RE)].map((m) => m[1]).filter((k) => CORE_FIELDS[k]);
  const keys = named.map((k) => CORE_FIELDS[k][0]);
  const text = String(message).replace(CORE_FIELD_RE, (k) => (CORE_FIELDS[k] ? CORE_FIELDS[k][1] : k));
  const field = keys.includes(lastEdited) ? lastEdited : keys.length ? keys[keys.length - 1] : null;
  return { text: text.replace(/^the /, 'The '), field };
}

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
    if (p) ctx.setState({ cfg: presetShape(p) });
  });
  const wholeBox = el('input', { type: 'checkbox', id: 'cfg-whole', 'data-testid': 'whole-model' });
  const wholeText = el('span', {}, 'whole model');
  const wholeRow = el('label', { class: 'whole-model', for: 'cfg-whole', hidden: '' }, wholeBox, ' ', wholeText);
  wholeBox.addEventListener('change', () => {
    const p = (ctx.presets()?.models || []).find((m) => m.name === selModel.value);
    if (p) ctx.setState({ cfg: { layers: wholeBox.checked ? p.layers || 1 : 1 } });
  });
  form.append(wholeRow);
  let lastEdited = null;     // the field the student changed last: where a core error naming it is shown

  // mode
  const modeBox = el('fieldset', { class: 'modes' }, el('legend', {}, 'mode'));
  const modeInputs = {};
  for (const [m, label] of [['prefill', 'prefill'], ['decode', 'decode'], ['masked', 'masked decode']]) {
    const r = el('input', { type: 'radio', name: 'mode', value: m, id: `mode-${m}` });
    r.addEventListener('change', () => r.checked && ctx.setState({ cfg: { mode: m } }));
    modeInputs[m] = r;
    modeBox.append(explain(el('label', { for: `mode-${m}` }, r, ' ', label), label));
  }
  form.append(modeBox);

  // numeric fields: a slider over nice values + an exact number box
  const rows = {};
  for (const f of FIELDS) {
    const lim = limits[f.limit || f.key];
    const num = el('input', { type: 'number', id: `cfg-${f.key}`, ...bounds(lim), step: 1, inputmode: 'numeric', 'aria-label': f.label, 'data-testid': `config-${f.key}`, ...CONFIG_HOOK[f.key] });
    const range = el('input', { type: 'range', min: 0, max: f.ticks.length - 1, step: 1, 'aria-label': `${f.label} slider` });
    const msg = el('span', { class: 'field-msg', 'aria-live': 'polite' });
    // hover: what the knob is (web/glossary.js)
    const row = el('div', { class: 'row field', 'data-field': f.key }, explain(el('label', { for: `cfg-${f.key}` }, f.label), f.key), range, num, msg);
    // typing: a keystroke in the number box (analysed once typing pauses); anything else — the slider, the
    // box's arrow keys / spin buttons, Enter or leaving the box — is analysed at the next frame
    const commit = (v, typing = false) => {
      lastEdited = f.key;
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
    explain(num, f.key);
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
    lastEdited = key;
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
  const ebBox = el('fieldset', { class: 'modes' }, explain(el('legend', {}, 'element size'), 'element size'));
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
      lastEdited = k;
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

  // where a core error naming a field is shown: its own message line (the rows'; eps / θ share advMsg, the
  // device fields customMsg, mode and element size a line under their boxes)
  const fieldMsgs = new Map(Object.values(rows).map((r) => [r.f.key, r.msg]));
  const fieldInputs = new Map(Object.values(rows).map((r) => [r.f.key, r.num]));
  fieldMsgs.set('eps', advMsg).set('theta', advMsg);
  fieldInputs.set('eps', numEps).set('theta', numTheta);
  const modeMsg = el('span', { class: 'field-msg' });
  const ebMsg = el('span', { class: 'field-msg' });
  modeBox.append(modeMsg);
  ebBox.append(ebMsg);
  fieldMsgs.set('mode', modeMsg).set('eb', ebMsg);
  for (const [k, { inp }] of Object.entries(customInputs)) { fieldMsgs.set(k, customMsg); fieldInputs.set(k, inp); }
  const errBox = el('div', { class: 'config-error', role: 'alert', 'data-testid': 'config-error', hidden: '' });
  const summary = el('div', { class: 'config-summary', 'aria-live': 'polite' });
  // with a custom program, what the sliders do to it (they rewrite its config line, program-examples.js
  // withConfig; a program without one is not changed by them)
  const progNote = el('div', { class: 'config-prog-note', 'data-testid': 'config-program-note', role: 'note', hidden: '' });
  form.append(progNote, errBox, summary);
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

  // Every write below only when the value differs: this runs for every result (a slider move), and a control
  // or text written again with what it holds is style and layout work in the frame that shows the change.
  function setVal(input, v) {
    const s = String(v);
    if (document.activeElement !== input && input.value !== s) input.value = s;
  }
  const setValue = (node, v) => { if (node.value !== v) node.value = v; };
  const setChecked = (node, on) => { if (node.checked !== on) node.checked = on; };

  function draw(state, model) {
    const presets = ctx.presets();
    fillPresets(presets);
    const c = state.cfg;
    const match = (presets?.models || []).find((m) =>
      ['d', 'H', 'G', 'dh', 'f', 'eps', 'theta'].every((k) => m.cfg[k] === c[k]));
    setValue(selModel, match ? match.name : '');
    setFlag(wholeRow, 'hidden', !(match && match.layers > 1));
    if (match) {
      setText(wholeText, `whole model (${match.layers} layers)`);
      setChecked(wholeBox, c.layers === match.layers);
    }
    for (const [m, r] of Object.entries(modeInputs)) setChecked(r, c.mode === m);
    for (const { row, num, range, f } of Object.values(rows)) {
      setFlag(row, 'hidden', !!(f.modes && !f.modes.includes(c.mode)));
      setVal(num, c[f.key]);
      let best = 0;
      f.ticks.forEach((t, i) => { if (Math.abs(t - c[f.key]) < Math.abs(f.ticks[best] - c[f.key])) best = i; });
      setValue(range, String(best));
    }
    setVal(numEps, c.eps);
    setVal(numTheta, c.theta);
    setVal(numSeed, state.seed);
    for (const [v, r] of Object.entries(ebInputs)) setChecked(r, Number(v) === state.eb);
    setValue(selDev, state.dev);
    setFlag(custom, 'hidden', state.dev !== 'custom');
    for (const [k, { inp, unit }] of Object.entries(customInputs)) setVal(inp, +(state.custom[k] / unit).toPrecision(6));
    const dev = state.dev === 'custom' ? null : (presets?.devices || []).find((d) => d.name === state.dev);
    setText(devInfo, dev
      ? `matmul ${fmtSI(dev.mm_flops, 'FLOP/s')}, vector ${fmtSI(dev.vec_flops, 'FLOP/s')}, ${fmtSI(dev.bw, 'B/s')}, launch ${fmtTime(dev.launch)}${dev.source ? ` — ${dev.source}` : ''}`
      : '');

    // the core's error: in words, next to the field it names (and in the alert below the fields)
    for (const m of fieldMsgs.values()) if (m.classList.contains('core-msg')) { m.textContent = ''; m.classList.remove('core-msg'); }
    for (const inp of form.querySelectorAll('[data-core-invalid]')) { inp.removeAttribute('aria-invalid'); inp.removeAttribute('data-core-invalid'); }
    if (typeof state.prog === 'string') {
      const hasCfg = /^cfg = LayerCfg\([^\n]*\)[ \t]*$/m.test(state.prog);
      setText(progNote, hasCfg
        ? 'A custom program is compiled: the shape sliders rewrite its “cfg = LayerCfg(…)” line (and “T = …”); element size and device apply as usual.'
        : 'A custom program is compiled, and it has no “cfg = LayerCfg(…)” line: the shape sliders do not change it (element size and device still apply).');
      setFlag(progNote, 'hidden', false);
    } else if (!progNote.hidden) {
      setFlag(progNote, 'hidden', true);
      setText(progNote, '');
    }
    // a custom program's error is the Program's (its panel underlines it); the config has none of its own
    const progError = model && model.error && typeof state.prog === 'string';
    if (model && model.error && !progError) {
      const { text, field } = placeCoreError(model.error.message, lastEdited);
      errBox.hidden = false;
      clear(errBox);
      errBox.append(el('strong', {}, 'This configuration cannot be built: '), el('span', { class: 'msg' }, text));
      const at = field && fieldMsgs.get(field);
      if (at) {
        at.textContent = text;
        at.classList.add('core-msg');
        at.setAttribute('data-testid', 'field-error');
        at.setAttribute('data-field', field);
        const inp = fieldInputs.get(field);
        if (inp) { inp.setAttribute('aria-invalid', 'true'); inp.setAttribute('data-core-invalid', ''); }
        errBox.append(` (the ${field === 'eb' ? 'element size' : field === 'mode' ? 'mode' : field} field)`);
      }
    } else if (!errBox.hidden || errBox.firstChild) {
      errBox.hidden = true;
      clear(errBox);
    }
    const r = model && model.result;
    if (r && !model.error) {
      const tm = r.timing_ms || {};
      const bind = r.bind && Object.keys(r.bind).length ? ` · bind ${Object.entries(r.bind).map(([k, v]) => `${k}=${v}`).join(', ')}` : '';
      // at the clock's resolution: Firefox's performance.now() ticks in whole ms ("0.00 ms" there meant "< 1 ms")
      setText(summary, `analysis in ${tm.total !== undefined ? formatMs(+tm.total, clockResolutionMs()) : '?'}${bind}`);
    } else setText(summary, '');
  }

  return { draw };
}
