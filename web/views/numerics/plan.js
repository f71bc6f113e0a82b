// views/numerics/plan.js — the precision plan's controls (issue 35): a format per tensor class (weights,
// activations, KV cache) and for the accumulators, and SmoothQuant's migration. Each is a hash key of
// web/state.js (qw, qa, qkv, qacc, smooth); the numeric run (and the analysis: bytes per format) sends the plan
// as the case key "precision" when a class is not f64 (state.js precisionOf).
import { el, setAttr } from '../../dom.js';
import { PRECISION_FORMATS, ACCUMULATE_FORMATS, SMOOTH_ALPHA } from '../../state.js';
import { lang, t } from '../../i18n/i18n.js';

// [state key, test id, the formats] (the label: numerics.class.<state key>)
const CLASSES = [
  ['qw', 'precision-weights', PRECISION_FORMATS],
  ['qa', 'precision-activations', PRECISION_FORMATS],
  ['qkv', 'precision-kv', PRECISION_FORMATS],
  ['qacc', 'precision-accumulate', ACCUMULATE_FORMATS],
];

/** ctx: the lab's (setState). Returns {node, draw(st)}. */
export function createPlanControls(ctx) {
  const legend = el('legend', {});
  const node = el('fieldset', { class: 'prec-plan', 'data-testid': 'precision-plan' }, legend);
  const selects = {};
  const words = {};   // each class's label text (written again when the language changes)
  for (const [key, testid, formats] of CLASSES) {
    const s = el('select', { 'data-testid': testid, id: `prec-${key}` });
    for (const f of formats) s.append(el('option', { value: f }, f));
    s.addEventListener('change', () => ctx.setState({ [key]: s.value }));
    selects[key] = s;
    words[key] = document.createTextNode('');
    node.append(el('label', { class: 'prec-field', for: `prec-${key}` }, words[key], s));
  }
  const cbSmooth = el('input', { type: 'checkbox', id: 'prec-smooth', 'data-testid': 'precision-smooth' });
  cbSmooth.addEventListener('change', () => ctx.setState({ smooth: cbSmooth.checked }));
  const smoothWord = document.createTextNode('');
  const smoothLabel = el('label', { class: 'prec-field', for: 'prec-smooth' }, cbSmooth, smoothWord);
  node.append(smoothLabel);
  let labelled = null;
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    legend.textContent = t('numerics.plan.legend');
    for (const [key] of CLASSES) {
      const label = t(`numerics.class.${key}`);
      words[key].textContent = `${label} `;
      setAttr(selects[key], 'aria-label', t('numerics.class.format', { label }));
    }
    setAttr(smoothLabel, 'title', t('numerics.smooth.title', { alpha: SMOOTH_ALPHA }));
    smoothWord.textContent = t('numerics.smooth.label', { alpha: SMOOTH_ALPHA });
  }
  relabel();

  function draw(st) {
    relabel();
    for (const [key] of CLASSES) if (selects[key].value !== st[key]) selects[key].value = st[key];
    if (cbSmooth.checked !== !!st.smooth) cbSmooth.checked = !!st.smooth;
    setAttr(node, 'data-planned', Object.keys(selects).some((k) => st[k] !== 'f64') || st.smooth ? '1' : '0');
  }
  return { node, draw };
}
