// kernels/sweep-control.js — the roofline's sweep control: the slider of T (prefill) or S (decode) under the
// chart, the sentence beside it, and what the sweep has found (each kernel at the slider's value: the ghost
// points; each kernel's trail over the grid and where it crosses its ridge). sweep.js runs the analyses; this
// file is the panel's side of it: when the sweep applies, answering the slider (only the latest move counts),
// and handing the roofline its ghosts and trails.
import { el, setAttr, setFlag, setText } from '../../dom.js';
import { kernelColor } from './palette.js';
import { kernelFacts } from './facts.js';
import { createSweep, SWEEP_GRID } from './sweep.js';

/**
 * ctx: the lab's (lab(), getState()); facts(): the drawn set ({n, at(i)}); dev(): the drawn result's device;
 * redraw(): draws the roofline again (new ghosts or trails); found(): the crossings are known (the details
 * say them). Returns {node, reset(r, set), crossingText(i), ghosts(), trails()}.
 */
export function createSweepControl(ctx, { facts, dev, redraw, found }) {
  const sweepRange = el('input', { type: 'range', min: 0, max: SWEEP_GRID.length - 1, step: 1, id: 'kern-sweep',
    'data-testid': 'roofline-sweep', 'aria-label': 'sweep the sequence length' });
  const sweepAxis = el('span', {}, 'T');
  const sweepSaid = el('output', { class: 'sweep-said', for: 'kern-sweep', 'data-testid': 'sweep-said' });
  const sweepBox = el('div', { class: 'kern-sweep' }, el('label', { for: 'kern-sweep' }, 'sweep ', sweepAxis, ' '), sweepRange, sweepSaid);

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
      setText(sweepSaid, stack ? `The sweep of ${r.config.mode === 'prefill' ? 'T' : 'S'} works on one layer (set layers to 1): the ${r.config.layers} layers are alike.` : '');
      return;
    }
    const state = ctx.getState();
    sweep = createSweep(lab, r, state && state.pipeline);
    setText(sweepAxis, sweep.axis);
    const cur = sweep.axis === 'S' ? r.config.S : r.config.T;
    let j = SWEEP_GRID.findIndex((v) => v >= cur);
    if (j < 0) j = SWEEP_GRID.length - 1;
    if (sweepRange.value !== String(j)) sweepRange.value = String(j);
    setAttr(sweepRange, 'aria-label', `sweep ${sweep.axis}: where each kernel sits at another ${sweep.axis === 'S' ? 'cache length S' : 'sequence length T'}`);
    setText(sweepSaid, `${sweep.axis} = ${cur} (now); move to see the kernels at another ${sweep.axis}`);
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
    sweepSaid.textContent = sweepText(v, ks);
  }
  function sweepText(v, ks) {
    if (!ks) return `${sweep.axis} = ${v}: not analysable (the core refused it, or it fuses differently)`;
    const d = dev();
    const n = ks.filter((k, i) => kernelFacts(k, i, d, null).bound === 'compute').length;
    let s = `${sweep.axis} = ${v}: ${n} of ${ks.length} kernels compute-bound (hollow points)`;
    if (crossings) {
      const xs = crossings.filter((c) => c.to).map((c) => c.to);
      s += xs.length ? `; the first crosses its ridge at ${sweep.axis} = ${Math.min(...xs)}, the last at ${Math.max(...xs)}` : '; none crosses its ridge';
      const never = crossings.filter((c) => c.never).length;
      if (never) s += `, ${never} never do`;
    } else s += '; finding the crossings…';
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
    if (ghostsAt) sweepSaid.textContent = sweepText(ghostsAt[0], ghostsAt[1]);
    found();
  }
  sweepRange.addEventListener('input', () => onSweep());

  /** The sweep's sentence for kernel i (where it crosses its ridge), or null. */
  function crossingText(i) {
    const c = crossings && crossings[i];
    if (!c || !sweep) return null;
    const ax = sweep.axis;
    if (c.never) return `memory-bound at every ${ax} up to ${SWEEP_GRID[SWEEP_GRID.length - 1]}`;
    if (c.always) return `compute-bound at every ${ax} from 1`;
    return `crosses its ridge at ${ax} = ${c.to} (memory-bound at ${ax} = ${c.from})`;
  }

  /** The kernels at the slider's value, as roofline points (null: none yet). */
  function ghosts() {
    if (!ghostsAt || !ghostsAt[1]) return null;
    const d = dev();
    return ghostsAt[1].map((k, i) => kernelFacts(k, i, d, null)).filter((g) => g.ai > 0 && g.perf > 0)
      .map((g) => ({ i: g.i, ai: g.ai, perf: g.perf, bound: g.bound, color: kernelColor(g.i) }));
  }

  return { node: sweepBox, reset, crossingText, ghosts, trails: () => trails };
}
