// kernels/totals.js — the kernels panel's eager-vs-fused totals (kernels, bytes, FLOPs, roofline time, with
// the launch overhead) and the line on what the launches cost. Its own file because the table is kept across
// results (a new result rewrites only its cells' text) and that bookkeeping is not the panel's wiring.
import { clear, keepTable } from '../../dom.js';
import { formatBytes, formatCount, formatFlops, formatTime } from '../../format.js';
import { explain } from '../../glossary.js';

/** The totals table in `box`: draw(r) shows the result's, or nothing when it lacks either cost. */
export function createTotals(box) {
  let totalsTable = null;   // kept: a new result updates its cells' text
  function draw(r) {
    const e = r.eager && r.eager.cost, f = r.fused && r.fused.cost;
    if (!e || !f) {
      clear(box);
      totalsTable = null;
      return;
    }
    const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '–');
    const t = keepTable(totalsTable, ['', 'eager', 'fused', 'eager / fused'], [
      ['kernels', formatCount(e.kernels), formatCount(f.kernels), ratio(e.kernels, f.kernels)],
      ['bytes moved', formatBytes(e.bytes), formatBytes(f.bytes), ratio(e.bytes, f.bytes)],
      ['FLOPs', formatFlops(e.flops), formatFlops(f.flops), ratio(e.flops, f.flops)],
      ['roofline time', formatTime(e.t), formatTime(f.t), ratio(e.t, f.t)],
      ['with launch overhead', formatTime(e.t_total), formatTime(f.t_total), ratio(e.t_total, f.t_total)],
    ], { class: 'totals', 'data-testid': 'kernel-totals' });
    if (t === totalsTable) return;
    clear(box);
    box.append(t);
    totalsTable = t;
    // hover: what "roofline time" means (web/glossary.js)
    for (const th of box.querySelectorAll('tbody th')) explain(th, th.textContent);
  }
  return { draw };
}

/** The launch note of a kernel set: its launches' fixed overhead against its roofline time. */
export function launchText(set, cost, dev) {
  const launchT = cost.kernels * dev.launch;
  return `${set}: ${formatCount(cost.kernels)} launches × ${formatTime(dev.launch)} = ${formatTime(launchT)} of fixed overhead vs ${formatTime(cost.t)} of roofline time` +
    (launchT > cost.t ? ' — launch-bound: fewer kernels matter more than faster ones.' : '.');
}
