// kernels/roofline-panel.js — the kernels panel's roofline: which points it draws (one per place and name, at
// most MAX_POINTS, grey for the eager set), with the sweep's ghosts and trails, and the notes under it on what
// was left out. roofline.js draws the chart; this file decides what goes in it, so the panel only says "draw".
import { el, clear, setFlag, setText } from '../../dom.js';
import { drawRoofline } from './roofline.js';
import { t } from '../../i18n/i18n.js';

const MAX_POINTS = 64;

/**
 * box: the roofline's box; facts(): the drawn set ({n, at(i), places}); args(): the bars' [count, dev, set,
 * inst] or null (nothing drawn); widthOf(node, fallback); sweep: {ghosts(), trails()}; hover(f, ev),
 * click(f): a point's; selected(): the selected kernel; drawn(): after each draw (the selection's marks).
 * Returns {draw(), select(i)}.
 */
export function createRooflinePanel(box, { facts, args, widthOf, sweep, hover, click, selected, drawn }) {
  let roof = null;              // the drawn roofline's {select}
  // the notes under the roofline, kept with it (roofline.js updates its chart in place)
  const roofSkipped = el('p', { class: 'note', hidden: '' });
  const roofOver = el('p', { class: 'note', hidden: '' });
  function draw() {
    if (!args()) return;
    const [count, dev, set, inst] = args();
    if (!count) {
      clear(box);
      roof = null;
      return;
    }
    // one point per place and name (kernels/facts.js, found by the analysis worker): the layers of a stack are
    // alike (thousands of circles froze the page)
    const fs = facts();
    const places = fs.places;
    const skipped = fs.n - places.reduce((a, q) => a + q[1], 0);
    let pts = places.map(([i, n]) => ({ ...fs.at(i), n }));
    const over = pts.length > MAX_POINTS ? pts.length - MAX_POINTS : 0;
    pts = pts.slice(0, MAX_POINTS).map((p) => ({ ...p, short: p.n > 1 ? `${p.short} ×${p.n}` : p.short, color: set === 'fused' ? p.color : '#9ca3af' }));
    roof = drawRoofline(box, pts, dev, {
      width: widthOf(box, 520), inst, trails: sweep.trails(), ghosts: sweep.ghosts(),
      onHover: (p, ev) => hover(p && facts().at(p.i), ev),
      onClick: (p) => click(facts().at(p.i)),
    });
    if (roofSkipped.parentNode !== box) box.append(roofSkipped, roofOver);
    roof.select(selected());
    setFlag(roofSkipped, 'hidden', !skipped);
    if (skipped) setText(roofSkipped, t('kernels.roof.skipped', { n: skipped }));
    setFlag(roofOver, 'hidden', !over);
    if (over) setText(roofOver, t('kernels.roof.over', { max: MAX_POINTS, n: over }));
    drawn();   // the points hold other kernels' numbers
  }
  return { draw, select: (i) => { if (roof) roof.select(i); } };
}
