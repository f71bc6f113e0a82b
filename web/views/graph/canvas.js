// views/graph/canvas.js — the graph panel's DOM, apart from the drawing's own join: the canvas with its
// tooltip and notes ("laying out…", a forced collapse, nothing to draw), the stale banner, and the svg with its
// arrowheads and layers. Split out of views/graph.js so that its factory only wires the steps; what the svg and
// the notes say about a drawing is written here too.
import { d3 } from '../../lib.js';
import { el, clear, setAttr } from '../../dom.js';
import { MAX_EXPANDED_NODES, nodeCount, stageLayers } from './collapse.js';
import { createStaleBanner } from '../stale.js';
import { STAGE_NOTE_ID } from './join.js';
import { t } from '../../i18n/i18n.js';

/** Builds the panel in root under the controls ({strip, caption, bar, opts, side}: graph/controls.js). */
export function createCanvas(root, { strip, caption, bar, opts, side }) {
  const canvas = el('div', { class: 'graph-canvas' });
  const tip = el('div', { class: 'tooltip', role: 'tooltip', hidden: '' });
  const empty = el('div', { class: 'graph-empty', hidden: '', 'data-testid': 'graph-empty' });
  const forcedNote = el('div', { class: 'graph-note', hidden: '' });
  const layingNote = el('div', { class: 'graph-note', hidden: '', 'data-testid': 'laying-out', 'aria-live': 'polite' }, t('graph.laying'));
  layingNote.style.top = 'auto';
  layingNote.style.bottom = '6px';
  layingNote.style.right = 'auto';
  // what a screen reader says after a node's name: the stage drawn (one text every node's aria-describedby names)
  const stageNote = el('span', { id: STAGE_NOTE_ID, hidden: '' });
  canvas.append(tip, empty, forcedNote, layingNote, stageNote);
  const wrap = el('div', { class: 'graph-wrap' }, side, canvas);
  clear(root);
  // a custom program's graph kept while the current program errs or is being analysed: marked stale, never
  // shown as current (issue 30)
  const staleBanner = createStaleBanner();
  // the drawing's options under the pass list, beside the drawing: the canvas starts higher (the workspace)
  side.append(opts);
  root.append(staleBanner.node, strip, caption, bar, wrap);

  // the svg sits in a box of its own, the one the pass camera flies (a compositor animation, see flyCamera)
  const stageBox = el('div', { class: 'graph-stage' });
  canvas.prepend(stageBox);   // under the notes and the tooltip
  return { canvas, tip, empty, forcedNote, layingNote, staleBanner, stageBox, stageNote, ...graphSvg(stageBox) };
}

/** The stale banner over a custom program's graph kept while the current program errs or is analysed. */
export function showStale(staleBanner, st, m, ctx) {
  const own = typeof st.prog === 'string';
  const current = !m.error && (m.key === undefined || !ctx.analysisKey || m.key === ctx.analysisKey(st));
  if (!own || current || !m.result) return staleBanner.shown && staleBanner.hide();
  staleBanner.show(t('graph.stale.what'), t(m.error ? 'graph.stale.error' : 'graph.stale.analysing'));
}

/** Says in words why a stage has no drawing: 'empty' (no graphs), 'undrawable' (too big, no layers), or null
 *  when it can be drawn. */
export function sayNothingToDraw({ empty, stageBox }, stage) {
  // a graph over MAX_EXPANDED_NODES arrives as a per-layer summary; a program's graph without layers has no
  // box to draw then: said in words rather than an empty (and NaN-sized) drawing
  const undrawable = stage.lite && stageLayers(stage) < 2;
  empty.hidden = !!nodeCount(stage) && !undrawable;
  stageBox.hidden = undrawable;
  if (!nodeCount(stage)) {
    empty.textContent = t('graph.empty');
    return 'empty';
  }
  if (undrawable) {
    empty.textContent = t('graph.undrawable', { n: nodeCount(stage).toLocaleString('en-US'), max: MAX_EXPANDED_NODES.toLocaleString('en-US') });
    return 'undrawable';
  }
  return null;
}

/** What the svg says of the drawing (the tests and the lesson player read these), and the nodes' stage note. */
/** The canvas's own words, in the language shown (written on every draw: the language may have changed). */
export function labelCanvas({ layingNote, svg, gNodes }) {
  if (layingNote.textContent !== t('graph.laying')) layingNote.textContent = t('graph.laying');
  setAttr(svg.node(), 'aria-label', t('graph.svg'));
  setAttr(gNodes.node(), 'aria-label', t('graph.nodes'));
}

export function describeDrawing(sv, idx, stage, vis, stageNote) {
  const said = t('graph.atstage', { name: stage.name });
  if (stageNote && stageNote.textContent !== said) stageNote.textContent = said;
  setAttr(sv, 'data-stage', idx);
  setAttr(sv, 'data-stage-name', stage.name);
  setAttr(sv, 'data-nodes', vis.nodes.size);
  setAttr(sv, 'data-width', Math.round(vis.width));
  setAttr(sv, 'data-height', Math.round(vis.height));
  setAttr(sv, 'data-collapsed', vis.collapsed ? 1 : 0);
  setAttr(sv, 'data-layers', stageLayers(stage));
}

// The svg of the drawing: its arrowheads (the fading edges' too: graph/tween.js arrowFor, 20 %, 40 %, 60 % —
// also a wrapped edge's — and 80 %) and, under the zoom root, the layers of hulls, edges, edge shapes and nodes.
function graphSvg(stageBox) {
  const svg = d3.select(stageBox).append('svg').attr('class', 'graph-svg').attr('role', 'group').attr('aria-label', t('graph.svg')).attr('data-testid', 'graph');
  const defs = svg.append('defs');
  defs.append('marker').attr('id', 'arrow').attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
    .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
    .append('path').attr('d', 'M 0 0 L 10 5 L 0 10 z').attr('class', 'arrow-head');
  for (const q of [2, 4, 6, 8]) {
    defs.append('marker').attr('id', `arrow-${q}`).attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
      .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
      .append('path').attr('d', 'M 0 0 L 10 5 L 0 10 z').attr('class', 'arrow-head').attr('fill-opacity', q / 10);
  }
  const zoomRoot = svg.append('g').attr('class', 'zoom-root');
  const gHulls = zoomRoot.append('g').attr('class', 'hulls');
  const gEdges = zoomRoot.append('g').attr('class', 'edges');
  const gShapes = zoomRoot.append('g').attr('class', 'edge-shapes');
  // a list of selectable nodes to assistive technology: each node's <g> is an option (its aria-label, aria-selected)
  const gNodes = zoomRoot.append('g').attr('class', 'nodes').attr('role', 'listbox').attr('aria-label', t('graph.nodes'));
  return { svg, zoomRoot, gHulls, gEdges, gShapes, gNodes };
}
