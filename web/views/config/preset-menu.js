// config/preset-menu.js — the config panel's model presets: the menu (a preset opens one layer at a typical
// length, presetShape) and the "whole model" checkbox beside it (the preset's every layer). Its own file: the
// menu follows the shape too — it names the preset the current shape is, or "(custom shape)".
import { el, clear, setFlag, setText } from '../../dom.js';
import { setChecked, setValue } from './inputs.js';
import { t } from '../../i18n/i18n.js';

/** The shape a preset opens with: one layer; the real models at a typical prompt / cache length. */
export function presetShape(p, defaults = { T: 12, S: 16 }) {
  const big = p.cfg.d >= 1024;
  return { ...p.cfg, layers: 1, T: big ? 2048 : defaults.T, S: big ? 4096 : defaults.S, pos0: 0 };
}

/** A preset's name on the page: the core's title, but the one that is not a model's name in the page's words. */
const presetTitle = (m) => (m.name === 'small' ? t('config.preset.small') : m.title || m.name);

/** The menu and checkbox appended to `form` (W: the panel's words, i18n/words.js); fill(presets) once the presets
 *  are known; draw(cfg, presets). */
export function createPresetMenu(form, ctx, W) {
  const selModel = W.attr(el('select', { id: 'cfg-preset' }), 'aria-label', 'config.preset');
  form.append(el('label', { class: 'row' }, el('span', {}, W.text('config.preset')), selModel));
  selModel.addEventListener('change', () => {
    const p = (ctx.presets()?.models || []).find((m) => m.name === selModel.value);
    if (p) ctx.setState({ cfg: presetShape(p) });
  });
  const wholeBox = el('input', { type: 'checkbox', id: 'cfg-whole', 'data-testid': 'whole-model' });
  const wholeText = el('span', {}, t('config.whole'));
  const wholeRow = el('label', { class: 'whole-model', for: 'cfg-whole', hidden: '' }, wholeBox, ' ', wholeText);
  wholeBox.addEventListener('change', () => {
    const p = (ctx.presets()?.models || []).find((m) => m.name === selModel.value);
    if (p) ctx.setState({ cfg: { layers: wholeBox.checked ? p.layers || 1 : 1 } });
  });
  form.append(wholeRow);

  function fill(presets) {
    clear(selModel);
    selModel.append(el('option', { value: '' }, W.text('config.preset.custom')));
    for (const m of presets.models || []) {
      selModel.append(m.name === 'small' ? el('option', { value: m.name }, W.text('config.preset.small'))
        : el('option', { value: m.name, translate: 'no' }, presetTitle(m)));
    }
  }
  function draw(c, presets) {
    const match = (presets?.models || []).find((m) =>
      ['d', 'H', 'G', 'dh', 'f', 'eps', 'theta'].every((k) => m.cfg[k] === c[k]));
    setValue(selModel, match ? match.name : '');
    setFlag(wholeRow, 'hidden', !(match && match.layers > 1));
    if (match) {
      setText(wholeText, t('config.whole.n', { n: match.layers }));
      setChecked(wholeBox, c.layers === match.layers);
    }
  }
  return { fill, draw };
}
