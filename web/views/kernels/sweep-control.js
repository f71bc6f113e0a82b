// kernels/sweep-control.js — the roofline's sweep control: the slider of T (prefill) or S (decode) under the
// chart, the sentence beside it, and what the sweep has found (each kernel at the slider's value: the ghost
// points; each kernel's trail over the grid and where it crosses its ridge). sweep.js runs the analyses; this
// file is the panel's side of it: when the sweep applies, answering the slider (only the latest move counts),
// and handing the roofline its ghosts and trails.
import { el, setAttr, setFlag, setText } from '../../dom.js';
import { kernelColor } from './palette.js';
import { kernelFacts } from './facts.js';
import { createSweep, SWEEP_GRID } from './sweep.js';
import { t } from '../../i18n/i18n.js';

/**
 * ctx: the lab's (lab(), getState()); facts(): the drawn set ({n, at(i)}); dev(): the drawn result's device;
 * redraw(): draws the roofline again (new ghosts or trails); found(): the crossings are known (the details
 * say them). Returns {node, reset(r, set), crossingText(i), ghosts(), trails()}.
 */
export function createSweepControl(ctx, { facts, dev, redraw, found }) {
  const sweepRange = el('input', { type: 'range', min: 0, max: SWEEP_GRID.length - 1, step: 1, id: 'kern-sweep',
    'data-testid': 'roofline-sweep', 'aria-label': t('kernels.sweep.aria') });
  const sweepAxis = el('span', {}, 'T');
  const sweepSaid = el('output', { class: 'sweep-said', for: 'kern-sweep', 'data-testid': 'sweep-said' });
  const sweepWord = el('span', {}, t('kernels.sweep.label'));
  const sweepBox = el('div', { class: 'kern-sweep' }, el('label', { for: 'kern-sweep' }, sweepWord, ' ', sweepAxis, ' '), sweepRange, sweepSaid);
  let said = () => '';          // the sentence beside the slider, said again in another language (relabel)
  const say = (f) => { said = f; setText(sweepSaid, f()); };

  let crossings = null;         // per kernel: {from, to} | {never} | {always}, once the sweep has found them
  let sweep = null;
  let ghostsAt = null;          // [value, kernels] the sweep's points drawn
  let trails = null;

  // T (prefill) or S (decode) moved on a copy of this layer, analysed shape-only by the core
  function reset(r, set) {
    if (sweep) sweep.cancel();
    sweep = null;
    crossings = null;
    ghostsAt = null;
    trails = null;
    const one = r.config && r.config.layers === 1 && set === 'fused' && r.fused && r.fused.kernels && r.fused.kernels.length;
    const lab = ctx.lab && ctx.lab();
    const can = one && lab && typeof lab.runCase === 'function';
    // a stack: the layers are alike, and the sweep re-analyses one (say so rather than hide the control)
    const stack = set === 'fused' && r.config && r.config.layers > 1;
    setFlag(sweepBox, 'hidden', !can && !stack);
    setFlag(sweepRange, 'hidden', !can);
    if (!can) {
      say(() => (stack ? t('kernels.sweep.stack', { axis: r.config.mode === 'prefill' ? 'T' : 'S', layers: r.config.layers }) : ''));
      return;
    }
    const state = ctx.getState();
    sweep = createSweep(lab, r, state && state.pipeline);
    setText(sweepAxis, sweep.axis);
    const cur = sweep.axis === 'S' ? r.config.S : r.config.T;
    let j = SWEEP_GRID.findIndex((v) => v >= cur);
    if (j < 0) j = SWEEP_GRID.length - 1;
    if (sweepRange.value !== String(j)) sweepRange.value = String(j);
    const axis = sweep.axis;
    setAttr(sweepRange, 'aria-label', t(axis === 'S' ? 'kernels.sweep.aria.S' : 'kernels.sweep.aria.T'));
    say(() => t('kernels.sweep.now', { axis, cur }));
  }
  let sweepToken = 0;
  async function onSweep() {
    if (!sweep) return;
    const s = sweep;
    const token = ++sweepToken;
    const v = SWEEP_GRID[Number(sweepRange.value)];
    const ks = await s.at(v);
    if (s !== sweep || token !== sweepToken) return;
    ghostsAt = [v, ks];
    if (!crossings) startCrossings(s);
    redraw();
    say(() => sweepText(v, ks));
  }
  function sweepText(v, ks) {
    if (!sweep) return '';
    if (!ks) return t('kernels.sweep.refused', { axis: sweep.axis, v });
    const d = dev();
    const n = ks.filter((k, i) => kernelFacts(k, i, d, null).bound === 'compute').length;
    const axis = sweep.axis;
    let s = t('kernels.sweep.at', { axis, v, n, all: ks.length });
    if (crossings) {
      const xs = crossings.filter((c) => c.to).map((c) => c.to);
      s += xs.length ? t('kernels.sweep.cross', { axis, first: Math.min(...xs), last: Math.max(...xs) }) : t('kernels.sweep.nocross');
      const never = crossings.filter((c) => c.never).length;
      if (never) s += t('kernels.sweep.never', { n: never });
    } else s += t('kernels.sweep.finding');
    return s;
  }
  async function startCrossings(s) {
    crossings = [];
    const out = await s.crossings();
    if (s !== sweep || !out) return;
    crossings = out;
    // trails: each kernel's place at every T of the grid
    const d = dev();
    const fs = facts();
    trails = Array.from({ length: fs.n }, (x, i) => fs.at(i)).map((f) => {
      const tr = [];
      for (const v of SWEEP_GRID) {
        const ks = s.cached(v);
        if (!ks || !ks[f.i]) continue;
        const g = kernelFacts(ks[f.i], f.i, d, null);
        if (g.ai > 0 && g.perf > 0) tr.push({ ai: g.ai, perf: g.perf });
      }
      tr.color = f.color;
      return tr;
    });
    redraw();
    if (ghostsAt) { const [v, ks] = ghostsAt; say(() => sweepText(v, ks)); }
    found();
  }
  sweepRange.addEventListener('input', () => onSweep());

  /** The sweep's sentence for kernel i (where it crosses its ridge), or null. */
  function crossingText(i) {
    const c = crossings && crossings[i];
    if (!c || !sweep) return null;
    const ax = sweep.axis;
    if (c.never) return t('kernels.cross.never', { ax, max: SWEEP_GRID[SWEEP_GRID.length - 1] });
    if (c.always) return t('kernels.cross.always', { ax });
    return t('kernels.cross.at', { ax, to: c.to, from: c.from });
  }

  /** The kernels at the slider's value, as roofline points (null: none yet). */
  function ghosts() {
    if (!ghostsAt || !ghostsAt[1]) return null;
    const d = dev();
    return ghostsAt[1].map((k, i) => kernelFacts(k, i, d, null)).filter((g) => g.ai > 0 && g.perf > 0)
      .map((g) => ({ i: g.i, ai: g.ai, perf: g.perf, bound: g.bound, color: kernelColor(g.i) }));
  }

  /** The control's words again, in the language now shown. */
  function relabel() {
    setText(sweepWord, t('kernels.sweep.label'));
    const axis = sweep && sweep.axis;
    setAttr(sweepRange, 'aria-label', t(axis === 'S' ? 'kernels.sweep.aria.S' : axis === 'T' ? 'kernels.sweep.aria.T' : 'kernels.sweep.aria'));
    setText(sweepSaid, said());
  }

  return { node: sweepBox, reset, crossingText, ghosts, trails: () => trails, relabel };
}
