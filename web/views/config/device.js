// config/device.js — the config panel's device: the preset menu (and "custom device…", which starts from the
// preset chosen), a line of the preset's numbers and source, and the custom device's four fields, each shown
// and checked in its own unit (TFLOP/s, GB/s, µs) while the state holds base units. The units are why it has
// a file of its own.
import { el, clear, setFlag, setText } from '../../dom.js';
import { rangeError } from '../../state.js';
import { formatSI as fmtSI, formatTime as fmtTime } from '../../format.js';
import { bounds, setVal, setValue } from './inputs.js';
import { t } from '../../i18n/i18n.js';
import { rangeWords } from './range-words.js';
import { keepUnits } from '../../i18n/words.js';

// [key, the label's message key (config.dev.<key>), the unit shown]
const CUSTOM_FIELDS = [
  ['mm', 1e12],
  ['vec', 1e12],
  ['bw', 1e9],
  ['launch', 1e-6],
];

/** A limit in a field's unit (the device fields show TFLOP/s, GB/s, µs). */
function inUnit(lim, unit) {
  if (!lim || unit === 1) return lim;
  const u = (v) => +(v / unit).toPrecision(12);
  return { ...lim, min: u(lim.min), max: u(lim.max) };
}

/**
 * The device's controls appended to `form`; edited(key) when a custom field changes. Returns {inputs, msg,
 * fill(presets), draw(state, presets)}: the custom fields' inputs by key and their shared message line
 * (where a core error naming them goes).
 */
export function createDevice(form, ctx, limits, edited, W) {
  const selDev = W.attr(el('select', { id: 'cfg-device' }), 'aria-label', 'config.device');
  selDev.addEventListener('change', () => {
    if (selDev.value === 'custom') {
      const cur = (ctx.presets()?.devices || []).find((d) => d.name === ctx.getState().dev);
      const patch = { dev: 'custom' };
      if (cur) patch.custom = { mm: cur.mm_flops, vec: cur.vec_flops, bw: cur.bw, launch: cur.launch };
      ctx.setState(patch);
    } else ctx.setState({ dev: selDev.value });
  });
  // the preset's numbers, then its source: a datasheet's words, quoted as they are (translate="no")
  const devNums = el('span', {});
  const devSource = el('span', { translate: 'no' });
  const devInfo = el('div', { class: 'dev-info' }, devNums, devSource);
  const custom = el('div', { class: 'custom-dev' });
  const customInputs = {};
  const customMsg = el('span', { class: 'field-msg', 'data-testid': 'custom-msg' });
  for (const [k, unit] of CUSTOM_FIELDS) {
    const shown = inUnit(limits[k], unit);
    const inp = el('input', { type: 'number', step: 'any', ...bounds(shown), id: `dev-${k}` });
    inp.addEventListener('change', () => {
      edited(k);
      const v = Number(inp.value) * unit;
      customMsg.textContent = '';
      // checked in the field's unit, so the message's bounds read as the field does
      const why = inp.value === '' ? 'empty' : rangeError(Number(inp.value), shown) || rangeError(v, limits[k]);
      if (why) {
        customMsg.textContent = t('config.field.why', { field: t(`config.dev.${k}`), why: rangeWords(why) });
        return;
      }
      ctx.setState({ custom: { [k]: v } });
    });
    customInputs[k] = { inp, unit };
    custom.append(el('label', { class: 'row' }, el('span', {}, W.text(`config.dev.${k}`)), inp));
  }
  custom.append(customMsg);
  form.append(el('label', { class: 'row' }, el('span', {}, W.text('config.device')), selDev), devInfo, custom);

  function fill(presets) {
    clear(selDev);
    for (const d of presets.devices || []) selDev.append(el('option', { value: d.name, translate: 'no' }, d.title || d.name));   // product names
    selDev.append(el('option', { value: 'custom' }, W.text('config.dev.custom')));
  }
  function draw(state, presets) {
    setValue(selDev, state.dev);
    setFlag(custom, 'hidden', state.dev !== 'custom');
    for (const [k, { inp, unit }] of Object.entries(customInputs)) setVal(inp, +(state.custom[k] / unit).toPrecision(6));
    const dev = state.dev === 'custom' ? null : (presets?.devices || []).find((d) => d.name === state.dev);
    setText(devNums, dev
      ? keepUnits(t('config.dev.info', { mm: fmtSI(dev.mm_flops, 'FLOP/s'), vec: fmtSI(dev.vec_flops, 'FLOP/s'), bw: fmtSI(dev.bw, 'B/s'), launch: fmtTime(dev.launch) }))
      : '');
    setText(devSource, dev && dev.source ? ` — ${dev.source}` : '');
  }
  return { inputs: Object.fromEntries(Object.entries(customInputs).map(([k, { inp }]) => [k, inp])), msg: customMsg, fill, draw };
}
