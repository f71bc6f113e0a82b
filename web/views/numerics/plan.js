// views/numerics/plan.js — the precision plan's controls (issue 35): a format per tensor class (weights,
// activations, KV cache) and for the accumulators, and SmoothQuant's migration. Each is a hash key of
// web/state.js (qw, qa, qkv, qacc, smooth); the numeric run (and the analysis: bytes per format) sends the plan
// as the case key "precision" when a class is not f64 (state.js precisionOf).
import { el, setAttr } from '../../dom.js';
import { PRECISION_FORMATS, ACCUMULATE_FORMATS, SMOOTH_ALPHA } from '../../state.js';

// [state key, test id, label, the formats]
const CLASSES = [
  ['qw', 'precision-weights', 'weights', PRECISION_FORMATS],
  ['qa', 'precision-activations', 'activations', PRECISION_FORMATS],
  ['qkv', 'precision-kv', 'KV cache', PRECISION_FORMATS],
  ['qacc', 'precision-accumulate', 'accumulate', ACCUMULATE_FORMATS],
];

/** ctx: the lab's (setState). Returns {node, draw(st)}. */
export function createPlanControls(ctx) {
  const node = el('fieldset', { class: 'prec-plan', 'data-testid': 'precision-plan' },
    el('legend', {}, 'precision plan (each class rounded to its format; f64: as is)'));
  const selects = {};
  for (const [key, testid, label, formats] of CLASSES) {
    const s = el('select', { 'data-testid': testid, 'aria-label': `${label} format`, id: `prec-${key}` });
    for (const f of formats) s.append(el('option', { value: f }, f));
    s.addEventListener('change', () => ctx.setState({ [key]: s.value }));
    selects[key] = s;
    node.append(el('label', { class: 'prec-field', for: `prec-${key}` }, `${label} `, s));
  }
  const cbSmooth = el('input', { type: 'checkbox', id: 'prec-smooth', 'data-testid': 'precision-smooth' });
  cbSmooth.addEventListener('change', () => ctx.setState({ smooth: cbSmooth.checked }));
  node.append(el('label', { class: 'prec-field', for: 'prec-smooth', title: `SmoothQuant: move activation outliers into the weights per channel (alpha ${SMOOTH_ALPHA})` },
    cbSmooth, ` smooth (SmoothQuant, α ${SMOOTH_ALPHA})`));

  function draw(st) {
    for (const [key] of CLASSES) if (selects[key].value !== st[key]) selects[key].value = st[key];
    if (cbSmooth.checked !== !!st.smooth) cbSmooth.checked = !!st.smooth;
    setAttr(node, 'data-planned', Object.keys(selects).some((k) => st[k] !== 'f64') || st.smooth ? '1' : '0');
  }
  return { node, draw };
}
