// views/graph/layout-step.js — the first step of the graph view's draw: the stage's visual graph
// (graph/visual.js), or null while its layout (or an opened layer's nodes) is on its way. Split out of
// views/graph.js because waiting is stateful: the draw that waits, the delayed "laying out…" note, and the
// canvas aspect the drawn layout was made for.
import { setAttr, setText } from '../../dom.js';
import { mark } from '../../perf.js';
import { nodeCount, isCollapsed } from './collapse.js';
import { t } from '../../i18n/i18n.js';

/**
 * layouts: graph/layout.js's; visualGraph(stage, collapsed, now): graph/visual.js's; svg: a d3 selection;
 * forcedNote, layingNote: the canvas's notes; canvasAspect(): the canvas's aspect now; hasDrawing(): whether a
 * drawing is shown; redraw(st, m, {animate}): draw again (a waiting draw's layout arrived).
 * Returns {layoutStep(st, m, stage, animate) → vis | null, resume(), resized(aspect) → whether to redraw}.
 */
export function createLayoutStep({ layouts, visualGraph, svg, forcedNote, layingNote, canvasAspect, hasDrawing, redraw }) {
  let pendingDraw = null;   // {st, m, animate} of a draw waiting for a layout or a layer's nodes
  let markTimer = null;     // marks the drawing "laying out…" when a layout takes a while
  let drawnAspect = null;   // the canvas's aspect the drawn layout was made for

  /** A layout (or a layer's nodes) arrived: draw what was waiting for it. */
  function resume() {
    if (!pendingDraw) return;
    const p = pendingDraw;
    pendingDraw = null;
    redraw(p.st, p.m, { animate: p.animate });
  }

  /** A new shape of canvas (presenting, a panel opened): the union's fold and the layer grid follow its aspect. */
  function resized(a) {
    if (!hasDrawing() || drawnAspect === null || a === drawnAspect) return false;
    drawnAspect = a;
    return true;
  }

  // the stage's visual graph, or null while it is on its way: the previous picture stays, marked "laying out…"
  // only after a moment (most layouts take tens of ms, and a flash of the note is noise), and draw() runs again
  // when it arrives (resume)
  function layoutStep(st, m, stage, animate) {
    const collapsed = isCollapsed(st, stage);
    forcedNote.hidden = !(collapsed && st.collapse === 'off');
    setText(forcedNote, t('graph.forced', { n: nodeCount(stage) }));
    layouts.beginDraw();
    const vis = visualGraph(stage, collapsed, true);
    layouts.cancelSuperseded();
    if (!vis) {
      pendingDraw = { st, m, animate };
      svg.attr('data-animating', 1).attr('data-laying-out', 1);
      if (markTimer === null) {
        markTimer = setTimeout(() => {
          markTimer = null;
          if (!pendingDraw) return;
          layingNote.hidden = false;
          if (hasDrawing()) svg.style('opacity', 0.55);
        }, 150);
      }
      return null;
    }
    vis.collapsed = collapsed;
    pendingDraw = null;
    drawnAspect = canvasAspect();
    if (markTimer !== null) clearTimeout(markTimer);
    markTimer = null;
    layingNote.hidden = true;
    if (svg.node().style.opacity) svg.style('opacity', null);
    setAttr(svg.node(), 'data-laying-out', 0);
    mark('gl-layout-end');
    return vis;
  }

  return { layoutStep, resume, resized };
}
