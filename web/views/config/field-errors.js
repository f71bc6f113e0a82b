// config/field-errors.js — the C core's verdict on a configuration, shown where the student looks: its
// GraphLabError message in words (config.G → "G", device.bw → "the bandwidth"), on the message line of the
// field it names (the one the student just changed when it names several), that field marked aria-invalid,
// and the whole message in the alert box below the fields. Impossible combinations (H not a multiple of G, odd
// dh in prefill, …) are the core's to judge; this file only places its words.
import { el, clear } from '../../dom.js';
import { t } from '../../i18n/i18n.js';
import { pieces } from '../../i18n/words.js';

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

/**
 * Where a core error naming a field is shown: its own message line (the shape rows'; eps / θ share the
 * advanced fields' line, the device fields theirs, mode and element size a line added under their boxes).
 * rows: the shape fields' ({msg, num, f} by key); adv: {numEps, numTheta, msg}; device: {inputs, msg}.
 * Returns {node (the alert box), draw(error, lastEdited)}: error null clears every mark.
 */
export function createFieldErrors(form, { rows, adv, device, modeBox, ebBox }) {
  const fieldMsgs = new Map(Object.values(rows).map((r) => [r.f.key, r.msg]));
  const fieldInputs = new Map(Object.values(rows).map((r) => [r.f.key, r.num]));
  fieldMsgs.set('eps', adv.msg).set('theta', adv.msg);
  fieldInputs.set('eps', adv.numEps).set('theta', adv.numTheta);
  const modeMsg = el('span', { class: 'field-msg' });
  const ebMsg = el('span', { class: 'field-msg' });
  modeBox.append(modeMsg);
  ebBox.append(ebMsg);
  fieldMsgs.set('mode', modeMsg).set('eb', ebMsg);
  for (const [k, inp] of Object.entries(device.inputs)) { fieldMsgs.set(k, device.msg); fieldInputs.set(k, inp); }
  const errBox = el('div', { class: 'config-error', role: 'alert', 'data-testid': 'config-error', hidden: '' });

  function draw(error, lastEdited) {
    for (const m of fieldMsgs.values()) if (m.classList.contains('core-msg')) { m.textContent = ''; m.classList.remove('core-msg'); }
    for (const inp of form.querySelectorAll('[data-core-invalid]')) { inp.removeAttribute('aria-invalid'); inp.removeAttribute('data-core-invalid'); }
    if (error) {
      const { text, field } = placeCoreError(error.message, lastEdited);
      errBox.hidden = false;
      clear(errBox);
      // the lead in the page's language; the core's message as it said it (translate="no": it stays English)
      errBox.append(el('strong', {}, t('config.error.lead')), el('span', { class: 'msg', translate: 'no' }, text));
      const at = field && fieldMsgs.get(field);
      if (at) {
        clear(at);
        at.append(...pieces('config.error.field', {}, { msg: el('span', { translate: 'no' }, text) }));
        at.classList.add('core-msg');
        at.setAttribute('data-testid', 'field-error');
        at.setAttribute('data-field', field);
        const inp = fieldInputs.get(field);
        if (inp) { inp.setAttribute('aria-invalid', 'true'); inp.setAttribute('data-core-invalid', ''); }
        errBox.append(t('config.error.at', { field: field === 'eb' ? t('config.eb') : field === 'mode' ? t('config.mode') : field }));
      }
    } else if (!errBox.hidden || errBox.firstChild) {
      errBox.hidden = true;
      clear(errBox);
    }
  }
  return { node: errBox, draw };
}
