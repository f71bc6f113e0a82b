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

import { d3, dagre } from '../lib.js';
import { fmtShape } from '../ops.js';
import { el, clear, setAttr, setText, showTipAt } from '../dom.js';
import { mark } from '../perf.js';
import { AUTO_COLLAPSE_NODES, MAX_EXPANDED_NODES, nodeCount, stageLayers, isCollapsed } from './graph/collapse.js';
import { createLayouts } from './graph/layout.js';
import { kernelColor } from './kernels/palette.js';
import { changeRegion } from './graph/camera.js';
import { createViewport } from './graph/viewport.js';
import { exportSvg, downloadSvg, downloadPng } from './graph/export.js';
import { createTween } from './graph/tween.js';
import { kernelHulls, drawHulls } from './graph/hulls.js';
import { createJoin } from './graph/join.js';
import { animationPlan, stillPlan } from './graph/animation-plan.js';
import { createStaleBanner } from './stale.js';
import { createGraphControls } from './graph/controls.js';
import { createVisualGraphs } from './graph/visual.js';

export { AUTO_COLLAPSE_NODES, MAX_EXPANDED_NODES, isCollapsed };


// the kernels' palette (never the compute / memory colours) is shared with the kernels and memory panels
export { kernelColor };

export function createGraphView(root, ctx) {
  // ------------------------------------------------------------------ DOM
  const controls = createGraphControls(ctx, {
    onFit: () => { viewport.release(); fit(true); },
    onExport: (kind) => { if (last) (kind === 'svg' ? downloadSvg : downloadPng)(exportNow(), exportName()); },
    // the caption's selected change: its nodes marked, the rest dimmed
    onChanges: (ids) => gNodes.selectAll('g.node')
      .classed('csel', (d) => ids.size > 0 && !d.v.group && ids.has(d.v.node.id))
      .classed('cdim', (d) => ids.size > 0 && (d.v.group || !ids.has(d.v.node.id))),
  });
  const { strip, caption, bar, opts, side } = controls;

  const canvas = el('div', { class: 'graph-canvas' });
  const tip = el('div', { class: 'tooltip', role: 'tooltip', hidden: '' });
  const empty = el('div', { class: 'graph-empty', hidden: '', 'data-testid': 'graph-empty' });
  const forcedNote = el('div', { class: 'graph-note', hidden: '' });
  const layingNote = el('div', { class: 'graph-note', hidden: '', 'data-testid': 'laying-out', 'aria-live': 'polite' }, 'laying out…');
  layingNote.style.top = 'auto';
  layingNote.style.bottom = '6px';
  layingNote.style.right = 'auto';
  canvas.append(tip, empty, forcedNote, layingNote);
  const wrap = el('div', { class: 'graph-wrap' }, side, canvas);
  clear(root);
  // a custom program's graph kept while the current program errs or is being analysed: marked stale, never
  // shown as current (issue 30)
  const staleBanner = createStaleBanner();
  root.append(staleBanner.node, strip, caption, bar, opts, wrap);

  // the svg sits in a box of its own, the one the pass camera flies (a compositor animation, see flyCamera)
  const stageBox = el('div', { class: 'graph-stage' });
  canvas.prepend(stageBox);   // under the notes and the tooltip
  const { svg, zoomRoot, gHulls, gEdges, gShapes, gNodes } = graphSvg(stageBox);
  const labelPx = () => (state && (state.inst || state.present) ? 15 : 11);   // style.css --node-fs
  let drawnAspect = null; // the canvas's aspect the drawn layout was made for
  const viewport = createViewport({ canvas, stageBox, svg, zoomRoot, labelPx, drawn: () => last && last.vis,
    // a new shape of canvas (presenting, a panel opened): the union's fold and the layer grid follow its aspect
    resized: (a) => {
      if (!last || drawnAspect === null || a === drawnAspect) return;
      drawnAspect = a;
      setTimeout(() => ctx.redraw(), 0);
    },
    userTookOver: () => { if (anim) stopAnim(); } });
  const canvasAspect = viewport.aspect;
  const fit = viewport.fit;

  // ------------------------------------------------------------------ state of the view
  let last = null;         // {version, stageIndex, vis: {nodes: Map key → vnode, edges, collapsed}}
  let anim = null;         // running animation handle
  let pendingDraw = null;          // {st, m, animate} of a draw waiting for a layout or a layer's nodes
  const layouts = createLayouts({ url: ctx.layoutWorkerUrl, type: ctx.workerType || 'module', dagre, onReady: () => resume() });
  let model = null;
  let state = null;
  let highlight = null;    // kernel index highlighted from the kernels panel

  const exportName = () => (last && model && model.stages[last.stageIndex] ? `graphlab-${last.stageIndex}-${model.stages[last.stageIndex].name}` : 'graphlab');
  const exportNow = () => exportSvg(svg.node(), zoomRoot.node(), { width: last.vis.width, height: last.vis.height, caption: controls.captionText() });

  const visual = createVisualGraphs({ layouts, getState: () => state, getModel: () => model, canvasAspect,
    fetchLayer: ctx.layerSlice, resume: () => resume() });
  const visualGraph = visual.visualGraph;


  let markTimer = null;           // marks the drawing "laying out…" when a layout takes a while

  /** A layout (or a layer's nodes) arrived: draw what was waiting for it. */
  function resume() {
    if (!pendingDraw) return;
    const p = pendingDraw;
    pendingDraw = null;
    draw(p.st, p.m, { animate: p.animate });
  }


  // ------------------------------------------------------------------ rendering
  const showTip = (ev, v) => showTipAt(tip, canvas, ev, nodeTitle(v), { title: false, gap: 14, width: 260 });

  // the DOM join (graph/join.js); every element carries its current frame state in .cur (graph/tween.js)
  const openLayer = (layer) => {
    visual.openLayer(layer);
    ctx.redraw();
  };
  const join = createJoin({ nodes: gNodes, edges: gEdges, shapes: gShapes }, {
    on: {
      hover: (ev, v) => showTip(ev, v),
      leave: () => { tip.hidden = true; },
      click: (d) => {
        const marks = (selNow() || {}).marks;
        // a lesson's question asks the student to pick nodes: a click picks instead of selecting
        if (marks && marks.picking && !d.v.group && !d.ghost) marks.pick(d.v.node.key);
        else if (d.v.group) openLayer(d.v.layer);
        else if (!d.ghost && ctx.select) ctx.select(d.v.node.key === ctx.selection().key ? null : d.v.node.key);
      },
      open: openLayer,
    },
    isSelected: (d) => isSelected(d),
    highlighted: () => highlight,
    marked: () => { const s = selNow(); return s && s.marks; },
    shapesOn: () => !!(state && state.shapes),
  });

  function hullsOf(vis, kernels) {
    drawHulls(gHulls, kernels ? kernelHulls(vis.nodes.values()) : [], { hl: highlight, sel: selKernel() });
  }

  // the lab's one selection (selection.js): the selected node carries aria-selected, its kernel's hull .sel
  const selNow = () => (ctx.selection ? ctx.selection() : null);
  const selKernel = () => { const s = selNow(); return s && s.key ? s.kernel : null; };
  function isSelected(d) {
    const s = selNow();
    return !!(s && s.at.status === 'here' && !d.v.group && !d.ghost && d.v.node.key === s.key);
  }
  // and the marks a lesson step puts on it (selection.marks: its highlights, the student's picks)
  function highlightSel() {
    const marks = (selNow() || {}).marks;
    gNodes.selectAll('g.node').attr('aria-selected', (d) => (isSelected(d) ? 'true' : null))
      .classed('lesson-hl', (d) => !!(marks && marks.focus.has(d.key)))
      .classed('lesson-pick', (d) => !!(marks && marks.picked.has(d.key)))
      // the hook checks from outside read: what the narration or the selection highlights
      .attr('data-highlighted', (d) => (isSelected(d) || (marks && marks.focus.has(d.key)) ? 'true' : null));
    svg.classed('lesson-picking', !!(marks && marks.picking));
    const ki = selKernel();
    gHulls.selectAll('path.hull').classed('sel', (d) => ki !== null && d.ki === ki);
  }
  // the drawing stands still (an animation ended, a layout came): what places itself over it may move
  const settled = () => { if (ctx.graphSettled) ctx.graphSettled(); };


  function stopAnim() {
    if (anim) {
      anim.stop();
      anim = null;
    }
  }


  // ------------------------------------------------------------------ draw
  function drawStale(st, m) {
    const own = typeof st.prog === 'string';
    const current = !m.error && (m.key === undefined || !ctx.analysisKey || m.key === ctx.analysisKey(st));
    if (!own || current || !m.result) return staleBanner.shown && staleBanner.hide();
    staleBanner.show('the last program that ran', m.error ? 'the current program has an error (see Program)'
      : 'analysing the current program…');
  }

  // The drawing of one stage, step by step: its layout (the visual graph: graph/visual.js), the plan of how
  // the last drawing becomes it (graph/animation-plan.js), the DOM join (graph/join.js) and the kernels' hulls
  // (graph/hulls.js), then the tween (graph/tween.js) or the camera's flight (graph/viewport.js).
  function draw(st, m, { animate = true } = {}) {
    drawStale(st, m);
    state = st;
    model = m;
    const shown = controls.draw(st, m);
    if (!shown) return;
    if (visual.newResult(m)) {
      tip.hidden = true;          // it described a node of the old result
      layouts.cancelWarm();       // the old result's warm-ups (warm() asks again for what is still needed)
    }
    const { stages, idx, stage } = shown;
    // a graph over MAX_EXPANDED_NODES arrives as a per-layer summary; a program's graph without layers has no
    // box to draw then: said in words rather than an empty (and NaN-sized) drawing
    const undrawable = stage.lite && stageLayers(stage) < 2;
    empty.hidden = !!nodeCount(stage) && !undrawable;
    stageBox.hidden = undrawable;
    if (!nodeCount(stage)) return void (empty.textContent = 'This result carries no graphs.');
    if (undrawable) {
      empty.textContent = `This graph has ${nodeCount(stage).toLocaleString('en-US')} nodes: more than the ` +
        `${MAX_EXPANDED_NODES.toLocaleString('en-US')} the lab lays out node by node, and no layers to draw one box ` +
        'each. Its pass counts are above; Kernels, Memory and IR show the rest.';
      last = null;
      return;
    }
    const vis = layoutStep(st, m, stage, animate);
    if (!vis) return;
    // (a big result's stages are summaries: no node to colour, and its kernel table stays packed)
    const kernels = st.kern && idx === stages.length - 1 && !stage.lite && m.result.fused && Array.isArray(m.result.fused.kernels) ? m.result.fused.kernels : null;
    markKernels(vis, kernels);
    stopAnim();
    const prev = last;
    const plan = planStep(prev, st, m, idx, vis, animate, viewport.userZoomed());
    const sel = join(plan.elements, plan.edges);
    hullsOf(vis, kernels);
    describeDrawing(svg.node(), idx, stage, vis);
    last = { version: m.version, stageIndex: idx, vis };
    vis.edgeKeys = new Set(vis.edges.map((e) => e.key));
    tweenStep(sel, plan, vis, st);
    // a new result laid out exactly like the drawn one (a slider moved d or T: same graph, new shapes) keeps
    // the view as it is, zoom included; any other new result is fitted
    const fresh = !prev || prev.version !== m.version;
    if (fresh && !(prev && prev.vis.shape === vis.shape && prev.stageIndex === idx)) {
      viewport.release();
      fit(false);
    } else if (!viewport.userZoomed() && !plan.sameStage && !plan.cam) fit(!plan.reduce, st.inst ? 1400 : 900);   // reduced motion: no zoom flight either
    mark('gl-draw-end');
    scheduleWarm();
  }

  // layout: the stage's visual graph, or null while its layout (or an opened layer's nodes) is on its way: the
  // previous picture stays, marked "laying out…" only after a moment (most layouts take tens of ms, and a flash
  // of the note is noise), and draw() runs again when it arrives (resume)
  function layoutStep(st, m, stage, animate) {
    const collapsed = isCollapsed(st, stage);
    forcedNote.hidden = !(collapsed && st.collapse === 'off');
    setText(forcedNote, `${nodeCount(stage)} nodes are too many to lay out at once: showing one box per layer (click a layer to open it).`);
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
          if (last) svg.style('opacity', 0.55);
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




  // tween: the joined elements from their old frame state to their new one; nothing moves (a slider moved: new
  // shapes, same graph and layout): no tween at all; at the end the still picture is joined (ghosts gone)
  function tweenStep(sel, plan, vis, st) {
    const duration = st.inst ? 1400 : 900;
    const finish = () => {
      const s2 = stillPlan(vis);
      createTween(join(s2.elements, s2.edges), s2.byKey).apply(1);
      svg.attr('data-animating', 0);
      anim = null;
      settled();
    };
    const tween = createTween(sel, plan.byKey);
    if (tween.still) {
      tween.apply(1);
      setAttr(svg.node(), 'data-animating', 0);
      anim = null;
      settled();
    } else if (plan.cam) {
      anim = viewport.camera(plan.cam, { slow: st.inst || st.present, duration, tween, finish });
    } else {
      svg.attr('data-animating', 1);
      tween.apply(0);
      const timer = d3.timer((elapsed) => {
        const t = Math.min(1, elapsed / duration);
        tween.apply(t);
        if (t >= 1) {
          timer.stop();
          finish();
        }
      });
      anim = { stop: () => { timer.stop(); finish(); } };
    }
  }

  // Asks the layout worker for the other stages of this result (those drawn node by node) when the page is
  // idle, so that stepping to a pass usually finds its layout ready.
  let warmHandle = null;
  const idle = typeof requestIdleCallback === 'function'
    ? (fn) => requestIdleCallback(fn, { timeout: 4000 })
    : (fn) => setTimeout(fn, 200);
  function scheduleWarm() {
    if (warmHandle === null) warmHandle = idle(warm);
  }
  function warm() {
    warmHandle = null;
    if (!model || !model.stages || !model.stages.length || !state) return;
    const cur = last ? last.stageIndex : 0;
    const todo = model.stages.filter((s) => nodeCount(s) && nodeCount(s) <= AUTO_COLLAPSE_NODES && !isCollapsed(state, s));
    // the next stages first (where → goes)
    todo.sort((a, b) => ((a.index - cur + 1000) % 1000) - ((b.index - cur + 1000) % 1000));
    for (const s of todo) visualGraph(s, false, false);
  }

  function setHighlight(ki) {
    // only meaningful where kernels are drawn (the last stage); elsewhere do not dim the whole graph
    if (ki !== null && gNodes.selectAll('g.node.in-kernel').empty()) ki = null;
    highlight = ki;
    gNodes.selectAll('g.node')
      .classed('hl', (d) => ki !== null && d.v.kernel === ki)
      .classed('dim', (d) => ki !== null && d.v.kernel !== ki);
    gHulls.selectAll('path.hull').classed('hl', (d) => d.ki === ki);
  }

  // where the drawn nodes are on screen, for what places itself over the graph (the lesson card): the canvas's
  // box, each node's box and whether it is marked (a lesson's highlight or pick, a caption's change, the
  // selection), and whether the student is picking nodes
  function boxes() {
    const area = canvas.getClientRects().length ? canvas.getBoundingClientRect() : null;
    const marks = (selNow() || {}).marks;
    const nodes = [];
    gNodes.selectAll('g.node').each(function (d) {
      nodes.push({ key: d.key, rect: this.getBoundingClientRect(), marked: this.matches('.lesson-hl, .lesson-pick, .csel, [aria-selected="true"]') });
    });
    return { area, nodes, picking: !!(marks && marks.picking) };
  }

  return { draw, fit, setHighlight, highlight: highlightSel, boxes, isAnimating: () => !!anim, collapseAll: visual.collapseAll };
}

function nodeTitle(v) {
  if (v.group) return [v.layer < 0 ? 'inputs and constants several layers use' : `layer ${v.layer}`, `${v.count} nodes, ${v.ops} ops`, 'click to open'];
  const n = v.node;
  const lines = [`%${n.id} = ${n.op}  (${n.cls})`, `shape ${fmtShape(n.shape)}`];
  if (n.name) lines.push(`name ${n.name}`);
  const at = Object.entries(n.attrs || {}).filter(([k]) => k !== 'value' || typeof n.attrs.value === 'number');
  if (at.length) lines.push(at.map(([k, val]) => `${k}=${JSON.stringify(val)}`).join(', ').slice(0, 120));
  if (n.inputs.length) lines.push(`inputs ${n.inputs.map((i) => '%' + i).join(', ')}`);
  if (n.how) lines.push(`${n.how}${n.from && n.from.length ? ' from %' + n.from.join(', %') : ''} (previous stage)`);
  if (v.kernel !== undefined) lines.push(`kernel #${v.kernel}`);
  if (n.layer !== undefined) lines.push(`layer ${n.layer}`);
  return lines;
}

// which fused kernel each visual node belongs to (the hulls, the kernels panel's highlight)
function markKernels(vis, kernels) {
  const kof = new Map();
  if (kernels) kernels.forEach((k, ki) => k.nodes.forEach((id) => kof.set(id, ki)));
  for (const v of vis.nodes.values()) {
    if (v.group) continue;
    const ki = kof.get(v.node.id);
    if (ki !== undefined) v.kernel = ki;
    else delete v.kernel;
  }
}

// plan: how the drawn picture becomes this one (the pass's provenance when stepping one result's stages; a
// still picture otherwise), and the camera's region when stepping one pass of the same layout (the union's:
// kept nodes stay put) changes a part of the drawing (off with reduced motion, cam=0, or once the user zoomed)
function planStep(prev, st, m, idx, vis, animate, userZoomed) {
  const stages = m.stages;
  const stage = stages[idx];
  const sameStage = !!prev && prev.version === m.version && prev.stageIndex === idx && prev.vis === vis;
  const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  let p;
  if (prev && animate && !sameStage && !reduce) {
    // (a big result's stages carry no nodes, so no provenance: boxes move, the rest fades)
    const adjacent = prev.version === m.version && !stage.lite;
    p = animationPlan(prev.vis, adjacent ? stages[prev.stageIndex] : null, vis, stage, adjacent);
  } else p = stillPlan(vis);
  let cam = null;
  const stepped = prev && prev.version === m.version && Math.abs(prev.stageIndex - idx) === 1 && prev.vis.shape === vis.shape;
  if (st.cam && !reduce && animate && !userZoomed && stepped && !sameStage) {
    const r = changeRegion(p.elements);
    if (r && (r.x1 - r.x0) * (r.y1 - r.y0) < 0.5 * vis.width * vis.height) cam = r;
  }
  return { ...p, cam, sameStage, reduce };
}

// what the svg says of the drawing (the tests and the lesson player read these)
function describeDrawing(sv, idx, stage, vis) {
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
  const svg = d3.select(stageBox).append('svg').attr('class', 'graph-svg').attr('role', 'group').attr('aria-label', 'computation graph').attr('data-testid', 'graph');
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
  const gNodes = zoomRoot.append('g').attr('class', 'nodes').attr('role', 'listbox').attr('aria-label', 'the graph\'s nodes');
  return { svg, zoomRoot, gHulls, gEdges, gShapes, gNodes };
}
