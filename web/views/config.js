// views/config.js — the configuration panel: model presets, layer shape, mode, element size, device.
// Every change goes through ctx.setState, which re-runs the (shape-only) analysis. Values outside the core's
// ranges (ctx.limits(): LIMITS(meta), the same table the hash is checked against) are caught here; impossible combinations (H not a multiple of G, odd dh in prefill, …) are the C
// core's to judge, and its GraphLabError message is shown in words next to the field it names (config.G → the
// G field; the one the student just changed when it names several), and in the alert box below the fields.
// A preset opens what its docs describe: one layer at a typical length (T = 2048 / S = 4096 for the real
// models), with the whole stack one checkbox away.
// This factory lays the form out and wires config/: preset-menu.js (presets, whole model), fields.js (shape,
// eps / θ / seed), device.js (presets and custom device), field-errors.js (the core's error placed),
// inputs.js (radio groups, writes only when the value differs).

import { el, setFlag, setText, clear } from '../dom.js';
import { formatMs } from '../format.js';
import { clockResolutionMs } from '../clock.js';
import { explain } from '../glossary.js';
import { createPresetMenu, presetShape } from './config/preset-menu.js';
import { createShapeFields, createAdvancedFields } from './config/fields.js';
import { createDevice } from './config/device.js';
import { createFieldErrors, placeCoreError } from './config/field-errors.js';
import { radioChoices, setChecked } from './config/inputs.js';
import { t } from '../i18n/i18n.js';
import { createWords, keepUnits } from '../i18n/words.js';

export { presetShape, placeCoreError };

export function createConfigView(root, ctx) {
  clear(root);
  const limits = (ctx.limits && ctx.limits()) || {};
  const W = createWords();   // the panel's fixed words, relabelled when the language changes
  const form = W.attr(el('form', { class: 'config', novalidate: '' }), 'aria-label', 'config.form');
  form.addEventListener('submit', (e) => e.preventDefault());
  let lastEdited = null;     // the field the student changed last: where a core error naming it is shown
  const edited = (key) => { lastEdited = key; };

  const presetMenu = createPresetMenu(form, ctx, W);

  // mode
  const modeBox = el('fieldset', { class: 'modes' }, el('legend', {}, W.text('config.mode')));
  // (the glossary's terms are the English words: explain() gets those, the label the page's)
  const modeInputs = radioChoices(modeBox, 'mode', [['prefill', W.text('config.mode.prefill'), 'prefill'], ['decode', W.text('config.mode.decode'), 'decode'],
    ['masked', W.text('config.mode.masked'), 'masked decode']], (m) => ctx.setState({ cfg: { mode: m } }), explain);
  form.append(modeBox);

  // numeric fields: a slider over nice values + an exact number box; then eps, θ, seed
  const shape = createShapeFields(form, ctx, limits, edited, W);
  const adv = createAdvancedFields(form, ctx, limits, edited, W);

  // element bytes
  const ebBox = el('fieldset', { class: 'modes' }, explain(el('legend', {}, W.text('config.eb')), 'element size'));
  const ebInputs = radioChoices(ebBox, 'eb', [[2, W.text('config.eb.2')], [4, W.text('config.eb.4')]], (v) => ctx.setState({ eb: v }));
  form.append(ebBox);

  const device = createDevice(form, ctx, limits, edited, W);

  const fieldErrors = createFieldErrors(form, { rows: shape.rows, adv, device, modeBox, ebBox });
  const summary = el('div', { class: 'config-summary', 'aria-live': 'polite' });
  // with a custom program, what the sliders do to it (they rewrite its config line, program-examples.js
  // withConfig; a program without one is not changed by them)
  const progNote = el('div', { class: 'config-prog-note', 'data-testid': 'config-program-note', role: 'note', hidden: '' });
  form.append(progNote, fieldErrors.node, summary);
  root.append(form);

  let presetsFilled = false;
  function fillPresets(presets) {
    if (presetsFilled || !presets) return;
    presetsFilled = true;
    presetMenu.fill(presets);
    device.fill(presets);
  }

  function drawProgramNote(prog) {
    if (typeof prog === 'string') {
      const hasCfg = /^cfg = LayerCfg\([^\n]*\)[ \t]*$/m.test(prog);
      setText(progNote, t(hasCfg ? 'config.prog.cfg' : 'config.prog.nocfg'));
      setFlag(progNote, 'hidden', false);
    } else if (!progNote.hidden) {
      setFlag(progNote, 'hidden', true);
      setText(progNote, '');
    }
  }

  // Every write only when the value differs (config/inputs.js): this runs for every result (a slider move).
  function draw(state, model) {
    W.sync();
    const presets = ctx.presets();
    fillPresets(presets);
    const c = state.cfg;
    presetMenu.draw(c, presets);
    for (const [m, r] of Object.entries(modeInputs)) setChecked(r, c.mode === m);
    shape.draw(c);
    adv.draw(state);
    for (const [v, r] of Object.entries(ebInputs)) setChecked(r, Number(v) === state.eb);
    device.draw(state, presets);

    // the core's error: in words, next to the field it names (and in the alert below the fields); a custom
    // program's error is the Program's (its panel underlines it): the config has none of its own
    drawProgramNote(state.prog);
    const progError = model && model.error && typeof state.prog === 'string';
    fieldErrors.draw(model && model.error && !progError ? model.error : null, lastEdited);
    const r = model && model.result;
    if (r && !model.error) {
      const tm = r.timing_ms || {};
      const bind = r.bind && Object.keys(r.bind).length ? t('config.bind', { list: Object.entries(r.bind).map(([k, v]) => `${k}=${v}`).join(', ') }) : '';
      // at the clock's resolution: Firefox's performance.now() ticks in whole ms ("0.00 ms" there meant "< 1 ms")
      setText(summary, keepUnits(t('config.summary', { ms: tm.total !== undefined ? formatMs(+tm.total, clockResolutionMs()) : '?', bind })));
    } else setText(summary, '');
  }

  return { draw };
}
