// config/fields.js — the config panel's numeric fields: the layer's shape (a slider over nice values and an
// exact number box per field, shown in the modes it applies to) and the advanced ones (eps, RoPE θ, the
// numerics' seed). Each value is checked against the core's ranges (ctx.limits()) before it goes to
// ctx.setState; what is wrong is said on the field's own message line. The table of fields lives here.
import { el, setFlag } from '../../dom.js';
import { rangeError } from '../../state.js';
import { explain } from '../../glossary.js';
import { bounds, setVal, setValue } from './inputs.js';
import { t } from '../../i18n/i18n.js';
import { rangeWords } from './range-words.js';

// The hooks issue 14 names, spelt out (every other field's hook is config-<key> too).
const CONFIG_HOOK = { d: { 'data-testid': 'config-d' }, T: { 'data-testid': 'config-T' } };

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

// each field's label is the message config.f.<key> ("d (model width)")
const FIELDS = [
  { key: 'd', ticks: niceTicks(8, 8192, [4096, 5120]) },
  { key: 'H', ticks: niceTicks(1, 128, [3, 5, 6, 7, 10, 12, 20, 40, 48, 56, 64]) },
  { key: 'G', ticks: niceTicks(1, 128, [3, 5, 6, 7, 10, 12]) },
  { key: 'dh', ticks: niceTicks(2, 256, [6, 10, 12, 14, 80, 96, 112]) },
  { key: 'f', ticks: niceTicks(8, 65536, [11008, 14336, 28672]) },
  { key: 'T', ticks: niceTicks(1, 8192, [12]), modes: ['prefill'] },
  { key: 'pos0', ticks: [0, ...niceTicks(1, 8192)], modes: ['prefill'] },
  { key: 'S', ticks: niceTicks(1, 131072, [9, 16]), modes: ['decode', 'masked'] },
  { key: 'layers', ticks: niceTicks(1, 32, [3, 5, 6, 7]), limit: 'L' },
];

/**
 * The shape's rows appended to `form`; edited(key) when the student changes one. Returns {rows, draw(cfg)}:
 * rows by key ({row, num, range, msg, f}: where a core error naming the field goes).
 */
export function createShapeFields(form, ctx, limits, edited, W) {
  const rows = {};
  for (const f of FIELDS) {
    const lim = limits[f.limit || f.key];
    const label = `config.f.${f.key}`;
    const num = W.attr(el('input', { type: 'number', id: `cfg-${f.key}`, ...bounds(lim), step: 1, inputmode: 'numeric', 'data-testid': `config-${f.key}`, ...CONFIG_HOOK[f.key] }), 'aria-label', label);
    const range = W.attr(el('input', { type: 'range', min: 0, max: f.ticks.length - 1, step: 1 }), 'aria-label', 'config.slider', () => ({ label: t(label) }));
    const msg = el('span', { class: 'field-msg', 'aria-live': 'polite' });
    // hover: what the knob is (web/glossary.js)
    const row = el('div', { class: 'row field', 'data-field': f.key }, explain(el('label', { for: `cfg-${f.key}` }, W.text(label)), f.key), range, num, msg);
    // typing: a keystroke in the number box (analysed once typing pauses); anything else — the slider, the
    // box's arrow keys / spin buttons, Enter or leaving the box — is analysed at the next frame
    const commit = (v, typing = false) => {
      edited(f.key);
      msg.textContent = '';
      num.removeAttribute('aria-invalid');
      const why = Number.isInteger(v) ? rangeError(v, lim) : 'not a whole number';
      if (why) {
        msg.textContent = t('config.field.why', { field: f.key, why: rangeWords(why) });
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
  function draw(c) {
    for (const { row, num, range, f } of Object.values(rows)) {
      setFlag(row, 'hidden', !!(f.modes && !f.modes.includes(c.mode)));
      setVal(num, c[f.key]);
      let best = 0;
      f.ticks.forEach((t, i) => { if (Math.abs(t - c[f.key]) < Math.abs(f.ticks[best] - c[f.key])) best = i; });
      setValue(range, String(best));
    }
  }
  return { rows, draw };
}

/**
 * eps, θ and the seed, folded in a <details> appended to `form`; edited(key) when one changes. Returns
 * {numEps, numTheta, msg, draw(state)} (eps and θ share msg, where a core error naming them goes).
 */
export function createAdvancedFields(form, ctx, limits, edited, W) {
  const adv = el('details', { class: 'adv' }, el('summary', {}, W.text('config.adv')));
  const numEps = el('input', { type: 'number', id: 'cfg-eps', step: 'any', ...bounds(limits.eps) });
  const numTheta = el('input', { type: 'number', id: 'cfg-theta', step: 'any', ...bounds(limits.theta) });
  const numSeed = el('input', { type: 'number', id: 'cfg-seed', step: 1, ...bounds(limits.seed) });
  const advMsg = el('span', { class: 'field-msg', 'data-testid': 'adv-msg' });
  const advCommit = (key, input, lim, integer = false) => () => {
    edited(key);
    const v = Number(input.value);
    advMsg.textContent = '';
    const why = input.value === '' ? 'empty' : integer && !Number.isInteger(v) ? 'not a whole number' : rangeError(v, lim);
    if (why) {
      advMsg.textContent = t('config.field.why', { field: key, why: rangeWords(why) });
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
    el('label', { class: 'row' }, el('span', {}, W.text('config.seed')), numSeed),
    advMsg,
  );
  form.append(adv);
  function draw(state) {
    setVal(numEps, state.cfg.eps);
    setVal(numTheta, state.cfg.theta);
    setVal(numSeed, state.seed);
  }
  return { numEps, numTheta, msg: advMsg, draw };
}
