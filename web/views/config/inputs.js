// config/inputs.js — the config panel's small input helpers: a group of radio buttons, a limit as an input's
// min / max, and writes that happen only when the value differs. Why the last: the panel is drawn again for
// every result (a slider move), and a control written again with what it holds is style and layout work in
// the frame that shows the change.
import { el } from '../../dom.js';

/** A limit {min, max} as an input's attributes (none when there is no limit). */
export const bounds = (lim) => (lim ? { min: lim.min, max: lim.max } : {});

/**
 * Radio buttons `name` in `box`, one per [value, label, term] of `choices` (id `${name}-${value}`; label a text
 * or a node, term the glossary's word for it): pick(value) when one is checked; wrap(label node, term) may dress
 * each label. Returns the inputs by value.
 */
export function radioChoices(box, name, choices, pick, wrap = (node) => node) {
  const inputs = {};
  for (const [v, label, term] of choices) {
    const r = el('input', { type: 'radio', name, value: v, id: `${name}-${v}` });
    r.addEventListener('change', () => r.checked && pick(v));
    inputs[v] = r;
    box.append(wrap(el('label', { for: `${name}-${v}` }, r, ' ', label), term ?? label));
  }
  return inputs;
}

/** A number box's value, unless the student is in it. */
export function setVal(input, v) {
  const s = String(v);
  if (document.activeElement !== input && input.value !== s) input.value = s;
}
export const setValue = (node, v) => { if (node.value !== v) node.value = v; };
export const setChecked = (node, on) => { if (node.checked !== on) node.checked = on; };
