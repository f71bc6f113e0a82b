// kernels/widths.js — the kernels panel's chart widths, kept by a ResizeObserver, and its redraw at a new
// width. Why: reading clientWidth while drawing forced a layout of the whole page in the middle of the render
// (~60 ms after a 256-layer graph was drawn in the same task); the observer hands the widths over when the
// page is laid out anyway. The charts are drawn in CSS pixels (text sizes are what they say), so a wider or
// narrower panel is redrawn, in a task of its own.

/**
 * root: the panel (its width decides a redraw); boxes: the charts' boxes (their widths are read by widthOf);
 * drawn(): whether anything is drawn yet; redraw(): draws the charts again at the new widths.
 * Returns {widthOf(node, fallback), markDrawn()}: markDrawn notes the panel's width the charts are drawn at.
 */
export function createWidths(root, boxes, { drawn, redraw }) {
  const widths = new Map();
  const widthOf = (node, fallback) => Math.round(widths.get(node) || fallback);
  let drawnWidth = 0;
  const markDrawn = () => { drawnWidth = widths.get(root) || 0; };
  if (typeof ResizeObserver === 'function') {
    let raf = null;
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) widths.set(e.target, e.target.clientWidth);   // laid out just now: no forced layout
      const w = widths.get(root) || 0;
      if (!drawn() || Math.abs(w - drawnWidth) < 24 || raf !== null) return;
      // a task of its own, not this frame's: the memory panel redraws at the new width too, and one frame
      // holding both charts and the page's relayout was a long task on big stacks
      raf = setTimeout(() => {
        raf = null;
        markDrawn();
        redraw();
      }, 0);
    });
    for (const n of [root, ...boxes]) ro.observe(n);
  }
  return { widthOf, markDrawn };
}
