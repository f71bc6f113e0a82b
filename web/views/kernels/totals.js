// kernels/totals.js — the kernels panel's eager-vs-fused totals (kernels, bytes, FLOPs, roofline time, with
// the launch overhead) and the line on what the launches cost. Its own file because the table is kept across
// results (a new result rewrites only its cells' text) and that bookkeeping is not the panel's wiring.
import { clear, keepTable } from '../../dom.js';
import { formatBytes, formatCount, formatFlops, formatTime } from '../../format.js';
import { explain } from '../../glossary.js';
import { t as tr } from '../../i18n/i18n.js';

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
    const t = keepTable(totalsTable, ['', tr('kernels.name.eager'), tr('kernels.name.fused'), tr('kernels.totals.ratio')], [
      [tr('kernels.totals.kernels'), formatCount(e.kernels), formatCount(f.kernels), ratio(e.kernels, f.kernels)],
      [tr('kernels.totals.bytes'), formatBytes(e.bytes), formatBytes(f.bytes), ratio(e.bytes, f.bytes)],
      ['FLOPs', formatFlops(e.flops), formatFlops(f.flops), ratio(e.flops, f.flops)],
      [tr('kernels.totals.time'), formatTime(e.t), formatTime(f.t), ratio(e.t, f.t)],
      [tr('kernels.totals.launch'), formatTime(e.t_total), formatTime(f.t_total), ratio(e.t_total, f.t_total)],
    ], { class: 'totals', 'data-testid': 'kernel-totals' });
    if (t === totalsTable) return;
    clear(box);
    box.append(t);
    totalsTable = t;
    // hover: what "roofline time" means (web/glossary.js)
    // (the glossary's terms are the English words: the row's English name, whichever language is shown)
    const terms = ['kernels.totals.kernels', 'kernels.totals.bytes', null, 'kernels.totals.time', 'kernels.totals.launch'];
    box.querySelectorAll('tbody th').forEach((th, i) => explain(th, terms[i] ? tr(terms[i], {}, { in: 'en' }) : th.textContent));
  }
  return { draw };
}

/** The launch note of a kernel set: its launches' fixed overhead against its roofline time. */
export function launchText(set, cost, dev) {
  const launchT = cost.kernels * dev.launch;
  return tr(launchT > cost.t ? 'kernels.launch.bound' : 'kernels.launch', { set: tr(`kernels.name.${set}`), n: formatCount(cost.kernels), each: formatTime(dev.launch),
    total: formatTime(launchT), t: formatTime(cost.t) });
}
