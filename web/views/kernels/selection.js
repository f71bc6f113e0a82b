// kernels/selection.js — which kernel the kernels panel points at, and how the reader points: hovering a bar or
// a roofline point (tooltip, the kernel's nodes lit on the graph), clicking one (selected: details below the
// charts, and its last node becomes the lab's one selection), or the keyboard on the bar list (↑/↓ step, Esc or
// leaving the list clears). Also the other way round: the lab's selection marks its kernel's bar and point
// (aria-selected). Its own file: the panel's one piece of interaction state, read by the bars and the roofline.
import { clear, setAttr } from '../../dom.js';

/**
 * ctx: the lab's (highlightKernel, select, selection); barsBox / rooflineBox: the charts' boxes; tip, said,
 * details: the tooltip, the aria-live line and the details box; facts(): the drawn set ({n, at(i)});
 * drawn(): whether the bars are drawn; fused(): whether the fused set is drawn; roofSelect(i): marks the roofline's point;
 * lines(f), showTip(ev, lines), drawDetails(f): what is said of kernel f, and where.
 */
export function createSelection({ ctx, barsBox, rooflineBox, tip, said, details, facts, drawn, fused, roofSelect, lines, showTip, drawDetails }) {
  let selected = null;          // index of the selected kernel, or null
  let lastModel = null;

  // ↑/↓ on the bars, or a click on a bar or a point (the same tooltip and graph highlight as hovering)
  function select(i, how = 'key') {
    const rows = barsBox.querySelectorAll('g.krow');
    const n = Math.min(rows.length, facts().n);
    selected = i === null || !n ? null : Math.max(0, Math.min(n - 1, i));
    rows.forEach((g, j) => g.classList.toggle('ksel', j === selected));
    roofSelect(selected);
    if (selected === null) {
      tip.hidden = true;
      said.textContent = '';
      clear(details);
      ctx.highlightKernel(null);
      return;
    }
    const f = facts().at(selected);
    const ls = lines(f);
    const anchor = how === 'key' ? rows[selected] : (rooflineBox.querySelector(`circle.kpt[data-kernel="${selected}"]`) || rows[selected]);
    const box = anchor.getBoundingClientRect();
    showTip({ clientX: box.left + Math.min(box.width / 3, 40), clientY: box.bottom }, ls);
    said.textContent = [`#${f.i} ${f.name}`, ...ls.slice(2)].join('; ');
    drawDetails(f);
    if (fused()) ctx.highlightKernel(selected);
  }
  const hover = (f, ev) => {
    if (!f) {
      tip.hidden = true;
      ctx.highlightKernel(selected !== null && fused() ? selected : null);
      return;
    }
    showTip(ev, lines(f));
    if (fused()) ctx.highlightKernel(f.i);
  };
  // a click also makes the kernel's last node (its output, on the last stage) the lab's one selection
  const click = (f) => {
    select(selected === f.i ? null : f.i, 'click');
    const stages = lastModel && lastModel.stages;
    const last = stages && stages[stages.length - 1];
    const id = f.k.nodes[f.k.nodes.length - 1];
    if (fused() && last && last.nodes[id]) ctx.select(last.nodes[id].key);
  };
  /** The one selection's kernel (fused set only): its bar and roofline point carry aria-selected. */
  function highlight(sel, model) {
    lastModel = model;
    const ki = sel && fused() ? sel.kernel : null;
    barsBox.querySelectorAll('g.krow').forEach((g, j) => {
      const on = ki !== null && (g.__data__ ? g.__data__.i : j) === ki;
      g.classList.toggle('gsel', on);
      const bar = g.querySelector('[data-testid="kernel-bar"]');
      if (bar) setAttr(bar, 'aria-selected', on ? 'true' : 'false');
    });
    for (const c of rooflineBox.querySelectorAll('circle.kpt')) setAttr(c, 'aria-selected', ki !== null && Number(c.dataset.kernel) === ki ? 'true' : 'false');
  }
  /** After a chart's redraw: its rows and points hold other kernels' numbers. */
  const rehighlight = () => { if (lastModel) highlight(ctx.selection(), lastModel); };

  barsBox.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !drawn()) return;
    if (ev.key === 'ArrowDown') select(selected === null ? 0 : selected + 1);
    else if (ev.key === 'ArrowUp') select(selected === null ? 0 : selected - 1);
    else if (ev.key === 'Escape' && (selected !== null || ctx.selection().key)) { select(null); ctx.select(null); }
    else return;
    ev.preventDefault();
  });
  barsBox.addEventListener('blur', (ev) => {
    // leaving the list clears the keyboard's selection (not when the focus goes to a roofline point)
    if (selected !== null && !(ev.relatedTarget && rooflineBox.contains(ev.relatedTarget))) select(null);
  });

  return { select, hover, click, highlight, rehighlight, selected: () => selected };
}
