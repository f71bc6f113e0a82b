// views/graph.js — the node-link diagram of the current stage, the pass list, the stepper and the
// pass animations.
//
// Layout: dagre (layered DAG, top to bottom). Elements are joined on stable node keys (model.js), so a
// pass step moves the same <g> from its old place to its new one. The animation reads the pass's
// provenance: nodes a pass removed fade out where they were; nodes it merged or replaced fly into the
// node that absorbed them (an attention subgraph collapsing into flash_attn); nodes it made grow out of
// the node(s) they came from (a composite expanding into its primitives); edges fade out/in, so they
// visibly rewire. Stepping backwards plays the same story in reverse.
// Stacks of layers can be collapsed into one box per layer (click a box to open that layer): those are
// placed on a grid in time linear in the layers (graph/grid.js); a big result's stages come as per-layer
// summaries (graph/collapse.js). dagre lays out the graphs drawn node by node (and opened layers) in a worker
// (graph/layout-worker.js), so no layout blocks the page: until it arrives the previous picture stays,
// marked "laying out…". Layouts are cached by graph structure, and the other stages of a result are laid
// out ahead, so stepping through a small graph's passes starts its animation at once.
//
// This file wires the panel; each step of a draw is a module of graph/: canvas.js (the DOM, the notes),
// layout-step.js → plan-step.js → join.js → hulls.js → tween-step.js, marks.js (the selection, a lesson's
// marks, the kernels' highlight, boxes()), keyboard.js (the nodes from the keyboard) and warm.js (the other
// stages laid out ahead).

import { dagre } from '../lib.js';
import { fmtShape } from '../ops.js';
import { showTipAt } from '../dom.js';
import { mark } from '../perf.js';
import { AUTO_COLLAPSE_NODES, MAX_EXPANDED_NODES, isCollapsed } from './graph/collapse.js';
import { createLayouts } from './graph/layout.js';
import { kernelColor } from './kernels/palette.js';
import { createViewport } from './graph/viewport.js';
import { exportSvg, downloadSvg, downloadPng } from './graph/export.js';
import { kernelHulls, drawHulls, drawnKernels, markKernels } from './graph/hulls.js';
import { createJoin } from './graph/join.js';
import { createKeyboard } from './graph/keyboard.js';
import { createGraphControls } from './graph/controls.js';
import { createVisualGraphs, PRESENT_NODE_FS } from './graph/visual.js';
import { createCanvas, showStale, sayNothingToDraw, describeDrawing, labelCanvas } from './graph/canvas.js';
import { createLayoutStep } from './graph/layout-step.js';
import { planStep } from './graph/plan-step.js';
import { createTweenStep } from './graph/tween-step.js';
import { createMarks } from './graph/marks.js';
import { createWarm } from './graph/warm.js';
import { createErrorMarks } from './graph/error-marks.js';
import { t } from '../i18n/i18n.js';

export { AUTO_COLLAPSE_NODES, MAX_EXPANDED_NODES, isCollapsed };


// the kernels' palette (never the compute / memory colours) is shared with the kernels and memory panels
export { kernelColor };

export function createGraphView(root, ctx) {
  // ------------------------------------------------------------------ DOM (graph/controls.js, graph/canvas.js)
  const controls = createGraphControls(ctx, {
    onFit: () => { viewport.release(); fit(true); },
    onExport: (kind) => { if (last) (kind === 'svg' ? downloadSvg : downloadPng)(exportNow(), exportName()); },
    onChanges: (ids) => marks.markChanges(ids),   // the caption's selected change
  });
  const dom = createCanvas(root, controls);
  const { canvas, tip, stageBox, svg, zoomRoot, gHulls, gEdges, gShapes, gNodes } = dom;
  const marks = createMarks(ctx, dom);

  // ------------------------------------------------------------------ state of the view
  let last = null;         // {version, stageIndex, vis: {nodes: Map key → vnode, edges, collapsed}}
  let model = null;
  let state = null;

  const labelPx = () => (state && state.present ? PRESENT_NODE_FS : 12);   // style.css --node-fs
  const viewport = createViewport({ canvas, stageBox, svg, zoomRoot, labelPx, drawn: () => last && last.vis,
    resized: (a) => { if (layout.resized(a)) setTimeout(() => ctx.redraw(), 0); },
    userTookOver: () => { if (tweens.running()) tweens.stop(); } });
  const fit = viewport.fit;
  const layouts = createLayouts({ url: ctx.layoutWorkerUrl, type: ctx.workerType || 'module', dagre, onReady: () => layout.resume() });
  const visual = createVisualGraphs({ layouts, getState: () => state, getModel: () => model, canvasAspect: viewport.aspect,
    fetchLayer: ctx.layerSlice, resume: () => layout.resume(), canvasSize: () => viewport.size(), labelPx,
    focus: () => { const lm = marks.lessonMarks(); return lm ? lm.focus : null; } });
  const layout = createLayoutStep({ layouts, visualGraph: visual.visualGraph, svg, forcedNote: dom.forcedNote,
    layingNote: dom.layingNote, canvasAspect: viewport.aspect, hasDrawing: () => !!last, redraw: (...a) => draw(...a) });
  // the final stage coloured by a numeric run's error under a precision plan, and its legend beside the drawing
  const errorMarks = createErrorMarks(ctx, { gNodes, getState: () => state, getModel: () => model, drawnStage: () => (last ? last.stageIndex : -1) });
  controls.side.append(errorMarks.legend);
  controls.opts.append(errorMarks.control);
  const scheduleWarm = createWarm({ visualGraph: visual.visualGraph, getModel: () => model, getState: () => state,
    drawnStage: () => (last ? last.stageIndex : 0) });

  const exportName = () => (last && model && model.stages[last.stageIndex] ? `graphlab-${last.stageIndex}-${model.stages[last.stageIndex].name}` : 'graphlab');
  const exportNow = () => exportSvg(svg.node(), zoomRoot.node(), { width: last.vis.width, height: last.vis.height, caption: controls.captionText() });

  // the DOM join (graph/join.js); every element carries its current frame state in .cur (graph/tween.js)
  // a folded group (a layer's box, a block: graph/blocks.js) opens in place
  const openGroup = (v) => {
    if (v.blockGroup) visual.openBlock(v.key);
    else if (v.range) visual.openRange(v.range[0]);
    else visual.openLayer(v.layer);
    ctx.redraw();
  };
  const click = (d) => {
    const lm = marks.lessonMarks();
    // a lesson's question asks the student to pick nodes: a click picks instead of selecting
    if (lm && lm.picking && !d.v.group && !d.ghost) lm.pick(d.v.node.key);
    else if (d.v.group) openGroup(d.v);
    else if (!d.ghost && ctx.select) ctx.select(d.v.node.key === ctx.selection().key ? null : d.v.node.key);
  };
  // the nodes from the keyboard (graph/keyboard.js): Enter / Space is the click
  const keyboard = createKeyboard({ gNodes, isSelected: marks.isSelected, activate: click, reveal: (el) => viewport.reveal(el) });
  const join = createJoin({ nodes: gNodes, edges: gEdges, shapes: gShapes }, {
    on: {
      hover: (ev, v) => showTipAt(tip, canvas, ev, nodeTitle(v), { title: false, gap: 14, width: 260 }),
      leave: () => { tip.hidden = true; },
      click,
    },
    keyboard,
    isSelected: marks.isSelected,
    highlighted: marks.highlighted,
    marked: marks.lessonMarks,
    shapesOn: () => !!(state && state.shapes),
  });
  // the drawing stands still (an animation ended, a layout came): what places itself over it may move
  const tweens = createTweenStep({ join, svg, viewport, settled: () => { if (ctx.graphSettled) ctx.graphSettled(); } });

  // ------------------------------------------------------------------ draw
  // The drawing of one stage, step by step: its layout (graph/layout-step.js over graph/visual.js), the plan of
  // how the last drawing becomes it (graph/plan-step.js), the DOM join (graph/join.js), the kernels' hulls
  // (graph/hulls.js), then the tween (graph/tween-step.js) or the camera's flight (graph/viewport.js).
  function draw(st, m, { animate = true } = {}) {
    const shown = showStage(st, m);
    if (!shown) return;
    const vis = layout.layoutStep(st, m, shown.stage, animate);                       // layout
    if (!vis) return;
    const kernels = drawnKernels(st, m, shown);
    markKernels(vis, kernels);
    tweens.stop();
    const prev = last;
    const plan = planStep(prev, st, m, shown.idx, vis, animate, viewport.userZoomed()); // plan
    const sel = join(plan.elements, plan.edges);                                       // join
    drawHulls(gHulls, kernels ? kernelHulls(vis.nodes.values()) : [], marks.hullMarks()); // hulls
    describeDrawing(svg.node(), shown.idx, shown.stage, vis, dom.stageNote);
    last = { version: m.version, stageIndex: shown.idx, vis, focusSig: visual.focusSig() };
    vis.edgeKeys = new Set(vis.edges.map((e) => e.key));
    tweens.tweenStep(sel, plan, vis, st);                                              // tween
    frame(prev, m, shown.idx, vis, plan, st);
    errorMarks.mark();
    mark('gl-draw-end');
    scheduleWarm();
  }

  // before the steps: the stale banner, the controls, and the stage shown ({stages, idx, stage}) or null when
  // there is nothing to draw (said in words: graph/canvas.js)
  function showStage(st, m) {
    showStale(dom.staleBanner, st, m, ctx);
    labelCanvas(dom);
    state = st;
    model = m;
    const shown = controls.draw(st, m);
    if (!shown) return null;
    if (visual.newResult(m)) {
      tip.hidden = true;          // it described a node of the old result
      layouts.cancelWarm();       // the old result's warm-ups (warm() asks again for what is still needed)
    }
    const nothing = sayNothingToDraw(dom, shown.stage);
    if (nothing === 'undrawable') last = null;
    return nothing ? null : shown;
  }

  // a new result laid out exactly like the drawn one (a slider moved d or T: same graph, new shapes) keeps the
  // view as it is, zoom included; any other new result is fitted
  function frame(prev, m, idx, vis, plan, st) {
    const fresh = !prev || prev.version !== m.version;
    if (fresh && !(prev && prev.vis.shape === vis.shape && prev.stageIndex === idx)) {
      viewport.release();
      fit(false);
    } else if (!viewport.userZoomed() && !plan.sameStage && !plan.cam) fit(!plan.reduce, 900);   // reduced motion: no zoom flight either
  }

  // a new selection (or a lesson's picks) re-marks the nodes; the selected node takes the Tab stop
  let focusRedraw = null;   // the highlights' groups a redraw was asked for (once each: the layout may be on its way)
  const highlight = () => {
    // a lesson step's new highlights open the groups that hold them (graph/visual.js focusOpen): drawn again,
    // after this marking (a redraw marks again)
    const sig = last && state && state.lesson ? visual.focusSig() : null;
    if (sig !== null && sig !== last.focusSig && sig !== focusRedraw) {
      focusRedraw = sig;
      queueMicrotask(() => ctx.redraw());
    }
    marks.highlightSel();
    keyboard.rove();
  };
  return { draw, fit, setHighlight: marks.setHighlight, highlight, boxes: marks.boxes, markError: errorMarks.mark,
    isAnimating: () => tweens.running(), collapseAll: visual.collapseAll };
}

// the provenance's words (model.js how): said in the language shown; an unknown one as the core wrote it
const HOWS = new Set(['kept', 'merged', 'replaced', 'expanded', 'folded', 'created']);
const howWord = (how) => (HOWS.has(how) ? t(`graph.how.${how}`) : how);

function nodeTitle(v) {
  if (v.group) {
    return [v.layer < 0 ? t('graph.tip.shared') : t('graph.tip.layer', { layer: v.layer }), t('graph.tip.counts', { nodes: v.count, ops: v.ops }), t('graph.tip.open')];
  }
  const n = v.node;
  const lines = [`%${n.id} = ${n.op}  (${n.cls})`, t('graph.tip.shape', { shape: fmtShape(n.shape) })];
  if (n.name) lines.push(t('graph.tip.name', { name: n.name }));
  const at = Object.entries(n.attrs || {}).filter(([k]) => k !== 'value' || typeof n.attrs.value === 'number');
  if (at.length) lines.push(at.map(([k, val]) => `${k}=${JSON.stringify(val)}`).join(', ').slice(0, 120));
  if (n.inputs.length) lines.push(t('graph.tip.inputs', { ids: n.inputs.map((i) => '%' + i).join(', ') }));
  if (n.how) {
    lines.push(n.from && n.from.length ? t('graph.tip.how.from', { how: howWord(n.how), ids: '%' + n.from.join(', %') }) : t('graph.tip.how', { how: howWord(n.how) }));
  }
  if (v.kernel !== undefined) lines.push(t('graph.tip.kernel', { k: v.kernel }));
  if (n.layer !== undefined) lines.push(t('graph.tip.layer', { layer: n.layer }));
  return lines;
}
