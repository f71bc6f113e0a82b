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
import { CLASSES, classCss, fmtShape, nodeLabel } from '../ops.js';
import { el, clear, setAttr, setText } from '../dom.js';
import { mark } from '../perf.js';
import {
  NODE_H, AUTO_COLLAPSE_NODES, MAX_EXPANDED_NODES, textWidth, nodeCount, stageLayers, isCollapsed, summarize, layerSlice,
} from './graph/collapse.js';
import { createLayouts } from './graph/layout.js';
import { kernelColor } from './kernels/palette.js';
import { explain } from '../glossary.js';
import { narrateStage } from '../narrate.js';
import { stageGraph, groupBox, sliceEdges, collapsedEdges, COMPACT_LAYERS } from './graph/grouping.js';
import { unionGraph, foldColumns, sameDrawing } from './graph/union.js';
import { changeRegion, regionTransform, cameraTransform } from './graph/camera.js';
import { exportSvg, downloadSvg, downloadPng } from './graph/export.js';
import { createTween } from './graph/tween.js';
import { kernelHulls, drawHulls } from './graph/hulls.js';
import { createJoin } from './graph/join.js';
import { animationPlan, stillPlan } from './graph/animation-plan.js';
import { createStaleBanner } from './stale.js';

export { AUTO_COLLAPSE_NODES, MAX_EXPANDED_NODES, isCollapsed };

// the union layout is dense (ranks 12 apart, boxes 8, edges 4): a layer is long and the whole of it must fit a
// projector at readable letters (measured at 1280×720: scale 0.86 for the small prefill layer, 0.92 decode)
const UNION_DAGRE = { ranksep: 12, nodesep: 8, edgesep: 4 };
const MIN_LABEL_PX = 6;  // node labels drawn smaller than this are not drawn at all (level of detail)
const PRESENT_H = 22;   // box height in the presentation layout (15 px letters)
const presentWidth = (s) => Math.max(40, Math.round(s.length * 9.1 + 16));   // 15 px DejaVu Sans Mono: 9.03 px a character

// the kernels' palette (never the compute / memory colours) is shared with the kernels and memory panels
export { kernelColor };

export function createGraphView(root, ctx) {
  // ------------------------------------------------------------------ DOM
  // the pass strip: ◀ name ▶, one chip per pass (counts, hits), export; then the caption of the shown pass
  const strip = el('div', { class: 'pass-strip', role: 'toolbar', 'aria-label': 'passes' });
  const sPrev = el('button', { type: 'button', class: 'ps-step', title: 'previous pass (←)', 'aria-label': 'previous pass', 'data-testid': 'pass-prev' }, '◀');
  const sName = el('span', { class: 'ps-name', 'data-testid': 'pass-name', 'aria-live': 'polite' });
  const sNext = el('button', { type: 'button', class: 'ps-step', title: 'next pass (→)', 'aria-label': 'next pass', 'data-testid': 'pass-next' }, '▶');
  const sChips = el('span', { class: 'ps-chips', 'data-ui': 'passes' });
  const btnSvg = el('button', { type: 'button', 'data-testid': 'export-svg', title: 'save the graph and its caption as SVG (for slides)' }, 'SVG');
  const btnPng = el('button', { type: 'button', 'data-testid': 'export-png', title: 'save the graph and its caption as PNG (for slides)' }, 'PNG');
  const exportBox = el('span', { class: 'ps-export', 'data-ui': 'export' }, btnSvg, btnPng);
  strip.append(sPrev, sName, sNext, sChips, el('span', { class: 'spacer' }), exportBox);
  const capHead = el('span', { class: 'cap-head' });
  const capRule = el('span', { class: 'cap-rule' });
  const capList = el('ul', { class: 'cap-changes', 'data-ui': 'changes', 'aria-label': 'what the pass changed (click to highlight)' });
  const caption = el('div', { class: 'pass-caption', 'data-testid': 'pass-caption', 'data-ui': 'caption' }, el('div', { class: 'cap-line' }, capHead, ' ', capRule), capList);

  const bar = el('div', { class: 'stepper', role: 'toolbar', 'aria-label': 'pass stepper', 'data-ui': 'stepper' });
  const btnFirst = el('button', { type: 'button', title: 'first stage (Home)', 'aria-label': 'first stage' }, '⇤');
  const btnPrev = el('button', { type: 'button', title: 'previous pass (←)', 'aria-label': 'previous pass', 'data-testid': 'prev' }, '◀');
  const btnPlay = el('button', { type: 'button', title: 'play / pause (space)', 'aria-label': 'play', 'data-testid': 'play' }, '▶ play');
  const btnNext = el('button', { type: 'button', title: 'next pass (→)', 'aria-label': 'next pass', 'data-testid': 'next' }, '▶');
  const btnLast = el('button', { type: 'button', title: 'last stage (End)', 'aria-label': 'last stage' }, '⇥');
  const stageLabel = el('span', { class: 'stage-label', 'aria-live': 'polite', 'data-testid': 'stage-label' });
  const btnFit = el('button', { type: 'button', title: 'fit the graph to the view' }, 'fit');
  bar.append(btnFirst, btnPrev, btnPlay, btnNext, btnLast, stageLabel, el('span', { class: 'spacer' }), btnFit);

  const opts = el('div', { class: 'graph-opts', 'data-ui': 'options' });
  const cbHide = el('input', { type: 'checkbox', id: 'opt-hide' });
  const cbKern = el('input', { type: 'checkbox', id: 'opt-kern' });
  const selCollapse = el('select', { id: 'opt-collapse', 'aria-label': 'collapse layers' },
    el('option', { value: 'auto' }, 'auto'), el('option', { value: 'on' }, 'collapsed'), el('option', { value: 'off' }, 'expanded'));
  const cbLeaves = el('input', { type: 'checkbox', id: 'opt-leaves' });
  const cbShapes = el('input', { type: 'checkbox', id: 'opt-shapes' });
  const cbCam = el('input', { type: 'checkbox', id: 'opt-cam' });
  opts.append(
    el('label', {}, cbHide, ' hide passes that changed nothing'),
    el('label', { title: 'presenting: weights and scalar constants as boxes of their own (else chips on the node that reads them)' }, cbLeaves, ' leaves as nodes (presenting)'),
    el('label', {}, cbShapes, ' shapes on edges'),
    el('label', { title: 'stepping a pass: zoom to what changes, play it, zoom out (off with reduced motion)' }, cbCam, ' camera'),
    el('label', {}, cbKern, ' show fused kernels (last stage)'),
    el('label', {}, 'layers: ', selCollapse),
  );

  const side = el('div', { class: 'pass-side' });
  const passList = el('ol', { class: 'pass-list', 'aria-label': 'stages' });
  const pipeBox = el('details', { class: 'pipeline-editor', 'data-ui': 'pipeline' }, el('summary', {}, 'Pipeline (switch off / reorder passes)'));
  const pipeList = el('ul', { class: 'pipe-list' });
  const pipeReset = el('button', { type: 'button' }, 'default order');
  pipeBox.append(pipeList, pipeReset);
  const legend = el('div', { class: 'legend', 'aria-label': 'op classes' });
  for (const c of CLASSES) legend.append(el('span', { class: `chip ${classCss(c)}` }, c));
  side.append(passList, pipeBox, legend);

  const canvas = el('div', { class: 'graph-canvas' });
  const tip = el('div', { class: 'tooltip', role: 'tooltip', hidden: '' });
  const empty = el('div', { class: 'graph-empty', hidden: '' });
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
  const svg = d3.select(stageBox).append('svg').attr('class', 'graph-svg').attr('role', 'img').attr('aria-label', 'computation graph').attr('data-testid', 'graph');
  const defs = svg.append('defs');
  defs.append('marker').attr('id', 'arrow').attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
    .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
    .append('path').attr('d', 'M 0 0 L 10 5 L 0 10 z').attr('class', 'arrow-head');
  // the arrowheads of fading edges (graph/tween.js arrowFor): 20 %, 40 %, 60 % (also a wrapped edge's), 80 %
  for (const q of [2, 4, 6, 8]) {
    defs.append('marker').attr('id', `arrow-${q}`).attr('viewBox', '0 0 10 10').attr('refX', 9).attr('refY', 5)
      .attr('markerWidth', 7).attr('markerHeight', 7).attr('orient', 'auto-start-reverse')
      .append('path').attr('d', 'M 0 0 L 10 5 L 0 10 z').attr('class', 'arrow-head').attr('fill-opacity', q / 10);
  }
  const zoomRoot = svg.append('g').attr('class', 'zoom-root');
  const gHulls = zoomRoot.append('g').attr('class', 'hulls');
  const gEdges = zoomRoot.append('g').attr('class', 'edges');
  const gShapes = zoomRoot.append('g').attr('class', 'edge-shapes');
  const gNodes = zoomRoot.append('g').attr('class', 'nodes');
  let userZoomed = false;  // once the user pans or zooms, stage changes stop re-fitting the view
  // The canvas size, kept by a ResizeObserver. Reading it in the middle of a redraw (fit()'s
  // getBoundingClientRect, d3-zoom's default extent: the svg's clientWidth) forced a style and layout of the
  // whole page before the frame's own: ~15 ms of a slider move on one 8B layer. Unknown (null) until the
  // observer has seen the canvas laid out with a size (then it is read directly).
  let canvasBox = null;   // border box of .graph-canvas (what fit() centres in)
  let drawnAspect = null; // canvasAspect() of the drawn layout
  let svgBox = null;      // its content box = the svg's size (d3-zoom's extent)
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver((entries) => {
      const e = entries[entries.length - 1];
      const b = e.borderBoxSize && e.borderBoxSize[0];
      const ok = b && b.inlineSize > 0 && b.blockSize > 0;
      const was = canvasBox;
      canvasBox = ok ? { width: b.inlineSize, height: b.blockSize } : null;
      svgBox = ok ? { width: e.contentRect.width, height: e.contentRect.height } : null;
      // resized (a panel shown or hidden, instructor mode): fit again, here rather than by reading the size in
      // draw(), which forced a style and layout of the whole page in the middle of it (~180 ms on a big stack)
      if (was && canvasBox && (was.width !== canvasBox.width || was.height !== canvasBox.height) && last && !userZoomed) fit(false);
      // a new shape of canvas (presenting, a panel opened): the union's fold and the layer grid follow its aspect
      const a = canvasAspect();
      if (canvasBox && last && drawnAspect !== null && a !== drawnAspect) {
        drawnAspect = a;
        setTimeout(() => ctx.redraw(), 0);
      }
    }).observe(canvas);
  }
  const zoom = d3.zoom().scaleExtent([0.05, 4]).extent(function extent() {
    if (svgBox) return [[0, 0], [svgBox.width, svgBox.height]];
    return [[0, 0], [this.clientWidth, this.clientHeight]];
  }).on('zoom', (ev) => {
    zoomRoot.attr('transform', ev.transform);
    if (ev.sourceEvent) {
      userZoomed = true;
      // the user takes over from the camera (its flight is the svg's box, not this transform)
      if (anim && svg.attr('data-camera') === '1') stopAnim();
    }
    // level of detail: no labels while they would be drawn under MIN_LABEL_PX (style.css .lod-far)
    const far = ev.transform.k * labelPx() < MIN_LABEL_PX;
    if (far !== lodFar) svg.classed('lod-far', (lodFar = far));
  });
  let lodFar = false;
  const labelPx = () => (state && (state.inst || state.present) ? 15 : 11);   // style.css --node-fs
  svg.call(zoom).on('dblclick.zoom', null);

  // ------------------------------------------------------------------ state of the view
  let last = null;         // {version, stageIndex, vis: {nodes: Map key → vnode, edges}, collapsedKey}
  let anim = null;         // running animation handle
  let expanded = new Set(); // layers opened by the user in collapsed mode
  let expandedFor = null;
  // layoutCache: the visual graph of a stage of this result (cleared on a new result); the layouts by
  // structure, across results, are graph/layout.js's
  const layoutCache = new Map();
  let pendingDraw = null;          // {st, m, animate} of a draw waiting for a layout or a layer's nodes
  let layerData = new Map();       // big results: layer → [slice per stage] fetched from the analysis worker
  const layerFetch = new Set();
  const sliceMemo = new WeakMap(); // small results: stage → Map layer → slice
  const summaryMemo = new WeakMap();
  const layouts = createLayouts({ url: ctx.layoutWorkerUrl, type: ctx.workerType || 'module', dagre, onReady: () => resume() });
  const dagreShape = layouts.dagreShape;
  let model = null;
  let state = null;
  let highlight = null;    // kernel index highlighted from the kernels panel

  sPrev.addEventListener('click', () => ctx.step(-1));
  sNext.addEventListener('click', () => ctx.step(1));
  cbLeaves.addEventListener('change', () => ctx.setState({ leaves: cbLeaves.checked }));
  cbShapes.addEventListener('change', () => ctx.setState({ shapes: cbShapes.checked }));
  cbCam.addEventListener('change', () => ctx.setState({ cam: cbCam.checked }));
  const exportName = () => (last && model && model.stages[last.stageIndex] ? `graphlab-${last.stageIndex}-${model.stages[last.stageIndex].name}` : 'graphlab');
  const exportNow = () => exportSvg(svg.node(), zoomRoot.node(), { width: last.vis.width, height: last.vis.height, caption: captionText() });
  btnSvg.addEventListener('click', () => { if (last) downloadSvg(exportNow(), exportName()); });
  btnPng.addEventListener('click', () => { if (last) downloadPng(exportNow(), exportName()); });
  btnFirst.addEventListener('click', () => ctx.gotoStage('first'));
  btnPrev.addEventListener('click', () => ctx.step(-1));
  btnNext.addEventListener('click', () => ctx.step(1));
  btnLast.addEventListener('click', () => ctx.gotoStage('last'));
  btnPlay.addEventListener('click', () => ctx.togglePlay());
  btnFit.addEventListener('click', () => { userZoomed = false; fit(true); });
  cbHide.addEventListener('change', () => ctx.setState({ hide: cbHide.checked }));
  cbKern.addEventListener('change', () => ctx.setState({ kern: cbKern.checked }));
  selCollapse.addEventListener('change', () => ctx.setState({ collapse: selCollapse.value }));
  pipeReset.addEventListener('click', () => ctx.setState({ pipeline: ctx.defaultPipeline() }, { rerun: true }));

  // ------------------------------------------------------------------ visual graph of one stage
  // Each returns the visual graph {nodes: Map key → vnode, edges, visKey, width, height, shape}, or null
  // while something it needs is on its way (a dagre layout from the worker, a layer's nodes): draw() then
  // keeps the previous picture and draws again when it arrives (resume). urgent: the page waits for it.
  function visualGraph(stage, collapsed, urgent = true) {
    const inst = !!(state.inst || state.present);
    const aspect = canvasAspect();
    const key = `${model.version}|${stage.index}|${collapsed ? [...expanded].sort().join(',') : '-'}|${aspect}|${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}`;
    if (layoutCache.has(key)) return layoutCache.get(key);
    const vis = collapsed ? collapsedGraph(stage, inst, aspect, urgent) : expandedGraph(stage, inst, urgent);
    if (vis) layoutCache.set(key, vis);
    return vis;
  }

  /** The canvas's width / height in quarter steps (the grid of layer boxes follows it), 1.6 until known. */
  function canvasAspect() {
    const b = canvasBox;
    if (!b || !b.height) return 1.6;
    return Math.min(4, Math.max(0.5, Math.round((4 * b.width) / b.height) / 4));
  }

  function nodeVis(n, inst, chips) {
    const label = nodeLabel(n);
    const chipText = chips && chips.length ? chips.map((c) => c.label).join(' · ') : '';
    // a chip row (the weights / scalars it reads) widens the box: label, then the chips in a lighter tspan
    const tw = state.present ? presentWidth : (t) => textWidth(t, inst);
    const w = chipText ? tw(`${label}  ${chipText}`) : tw(label);
    const h = state.present ? PRESENT_H : inst ? NODE_H + 8 : NODE_H;
    return { key: n.key, node: n, label, chips: chipText, w, h, cls: n.cls, group: false };
  }

  /** A stage's visual nodes and edges, unplaced. Presenting, leaves are chips on their readers (unless
   *  state.leaves); the lab's own layout draws every node as a box (its panels count and select them). */
  function stageNodes(stage, inst) {
    return stageGraph(stage, !!state.leaves || !state.present, (n, chips) => nodeVis(n, inst, chips));
  }

  // The union layout of the result's stages drawn node by node (graph/union.js): one dagre run for all of them,
  // folded into columns for the canvas's aspect; null while dagre runs in the worker.
  const unionMemo = new Map();
  const foldsOf = new WeakMap();   // dagre's union shape → Map aspect → its fold
  function unionShape(inst, urgent) {
    const stages = model.stages.filter((s) => !s.lite && nodeCount(s) && !isCollapsed(state, s));
    const ukey = `${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}`;
    // this result's union, or the last result's when its stages draw the same (sizes changed only)
    let u = unionMemo.get(ukey);
    if (u && u.version !== model.version) {
      if (sameDrawing(u.stages, stages)) {
        u.version = model.version;
        u.stages = stages;
      } else u = null;
    }
    if (!u) {
      const g = unionGraph(stages.map((s) => stageNodes(s, inst)));
      if (g.nodes.length > MAX_EXPANDED_NODES) return undefined;
      u = { version: model.version, stages, nodes: new Map(g.nodes.map(([k, w, h]) => [k, { key: k, w, h }])), edges: g.edges.map(([a, b]) => ({ s: a, t: b })) };
      unionMemo.delete(ukey);
      while (unionMemo.size >= 4) unionMemo.delete(unionMemo.keys().next().value);
      unionMemo.set(ukey, u);
    }
    const shape = dagreShape(u.nodes, u.edges, urgent, UNION_DAGRE);
    if (!shape) return null;
    const aspect = canvasAspect();
    // the fold is kept with dagre's shape: the same shape (graph/layout.js caches it by the union's keys, box
    // sizes and edges, across results) folds the same way, so a slider's new result finds it (~1.5 ms) and
    // its drawing is the same layout object as the last one's (draw() then keeps the view as it is)
    let folds = foldsOf.get(shape);
    if (!folds) foldsOf.set(shape, (folds = new Map()));
    let f = folds.get(aspect);
    if (!f) {
      const h = Math.max(...[...u.nodes.values()].map((v) => v.h));
      f = foldColumns(shape.pos, shape.width, shape.height, { aspect, h, wOf: new Map([...u.nodes.values()].map((v) => [v.key, v.w])) });
      f.base = shape;
      folds.set(aspect, f);
    }
    return f;
  }

  function expandedGraph(stage, inst, urgent) {
    const { nodes, edges } = stageNodes(stage, inst);
    let shape = stage.lite ? undefined : unionShape(inst, urgent);
    if (shape === null) return null;
    if (shape === undefined) shape = dagreShape(nodes, edges.values(), urgent);   // the union is too big to lay out
    if (!shape) return null;
    for (const v of nodes.values()) [v.x, v.y] = shape.pos.get(v.key);
    return { nodes, edges, visKey: (n) => n.key, width: shape.width, height: shape.height, shape };
  }

  /** One layer's nodes in a stage (see collapse.js layerSlice), or null while a big result's are fetched. */
  function sliceOf(stage, layer) {
    if (!stage.lite) {
      let m = sliceMemo.get(stage);
      if (!m) sliceMemo.set(stage, (m = new Map()));
      if (!m.has(layer)) m.set(layer, layerSlice(stage, layer));
      return m.get(layer);
    }
    const per = layerData.get(layer);
    if (per) return per[stage.index] || { nodes: [], ext: {}, out: {} };
    if (!layerFetch.has(layer) && ctx.layerSlice) {
      layerFetch.add(layer);
      const version = model.version;
      ctx.layerSlice(layer).then((slices) => {
        if (version !== model.version) return;
        layerFetch.delete(layer);
        if (slices) layerData.set(layer, slices);
        else expanded.delete(layer);          // the worker has moved on to another result
        resume();
      }, () => {
        layerFetch.delete(layer);
        expanded.delete(layer);
        resume();
      });
    }
    return null;
  }

  function collapsedGraph(stage, inst, aspect, urgent) {
    let sum = stage.lite ? stage : summaryMemo.get(stage);
    if (!sum) summaryMemo.set(stage, (sum = summarize(stage)));
    const layers = sum.groups.filter((g) => g.layer >= 0).length;
    const compact = layers > COMPACT_LAYERS;
    const slices = new Map();
    let missing = false;
    for (const g of sum.groups) {
      if (!expanded.has(g.layer)) continue;
      const sl = sliceOf(stage, g.layer);
      if (sl) slices.set(g.layer, sl);
      else missing = true;
    }
    if (missing) return null;
    const nodes = new Map();
    const items = [];
    let top = null;
    let sig = `${aspect}|`;
    for (const g of sum.groups) {
      const sl = slices.get(g.layer);
      let item;
      if (!sl) {
        const v = groupBox(g, compact, inst);
        const k = v.key;
        nodes.set(k, v);
        item = { key: k, w: v.w, h: v.h };
        sig += `${k}:${v.w};`;
      } else {
        const bn = new Map();
        for (const n of sl.nodes) bn.set(n.key, nodeVis(n, inst));
        for (const [k, v] of bn) nodes.set(k, v);
        const shape = dagreShape(bn, sliceEdges(sl).values(), urgent);
        if (!shape) {
          missing = true;
          continue;
        }
        item = { block: true, keys: [...bn.keys()], pos: shape.pos, width: shape.width, height: shape.height };
        sig += `[${g.layer}:${bn.size}:${shape.width}x${shape.height}];`;
      }
      if (g.layer < 0) top = item;
      else items.push(item);
    }
    if (missing) return null;
    const grid = layouts.gridShape(sig, { top, items, aspect, gapY: compact ? 14 : 22 }, !slices.size);
    for (const v of nodes.values()) [v.x, v.y] = grid.pos.get(v.key);
    // edges between visual nodes: group to group from the summary, and those of opened layers
    const edgeList = collapsedEdges(sum.groupEdges, slices, grid.cols);
    const visKey = (n) => (slices.has(n.layer) ? n.key : `L${n.layer}`);
    return { nodes, edges: edgeList, visKey, width: grid.width, height: grid.height, shape: grid };
  }

  let markTimer = null;           // marks the drawing "laying out…" when a layout takes a while

  /** A layout (or a layer's nodes) arrived: draw what was waiting for it. */
  function resume() {
    if (!pendingDraw) return;
    const p = pendingDraw;
    pendingDraw = null;
    draw(p.st, p.m, { animate: p.animate });
  }

  // ------------------------------------------------------------------ rendering
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

  function showTip(ev, v) {
    clear(tip);
    for (const line of nodeTitle(v)) tip.append(el('div', {}, line));
    tip.hidden = false;
    const r = canvas.getBoundingClientRect();
    tip.style.left = `${Math.min(ev.clientX - r.left + 14, r.width - 260)}px`;
    tip.style.top = `${ev.clientY - r.top + 14}px`;
  }

  // the DOM join (graph/join.js); every element carries its current frame state in .cur (graph/tween.js)
  const openLayer = (layer) => {
    expanded.add(layer);
    ctx.redraw();
  };
  const join = createJoin({ nodes: gNodes, edges: gEdges, shapes: gShapes }, {
    on: {
      hover: (ev, v) => showTip(ev, v),
      leave: () => { tip.hidden = true; },
      click: (d) => {
        if (d.v.group) openLayer(d.v.layer);
        else if (!d.ghost && ctx.select) ctx.select(d.v.node.key === ctx.selection().key ? null : d.v.node.key);
      },
      open: openLayer,
    },
    isSelected: (d) => isSelected(d),
    highlighted: () => highlight,
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
  function highlightSel() {
    gNodes.selectAll('g.node').attr('aria-selected', (d) => (isSelected(d) ? 'true' : null));
    const ki = selKernel();
    gHulls.selectAll('path.hull').classed('sel', (d) => ki !== null && d.ki === ki);
  }

  let zoomBusyUntil = 0;   // end of the running zoom transition (fit), for warm()
  function canvasSize() {
    const box = canvasBox || canvas.getBoundingClientRect();
    return [Math.max(200, box.width), Math.max(200, box.height)];
  }
  function fitTransform() {
    const [W, H] = canvasSize();
    const k = Math.min(2, 0.97 * Math.min(W / last.vis.width, H / last.vis.height));
    return d3.zoomIdentity.translate((W - last.vis.width * k) / 2, Math.max(4, (H - last.vis.height * k) / 2)).scale(k);
  }
  function fit(animate, ms = 300) {
    if (!last) return;
    const t = fitTransform();
    // already there (the union layout: every stage has the same size): no flight, which rewrote the zoom root's
    // transform every frame of the step for nothing (a repaint of the whole drawing each time)
    const now = d3.zoomTransform(svg.node());
    if (animate && Math.abs(now.k - t.k) < 1e-6 && Math.abs(now.x - t.x) < 0.01 && Math.abs(now.y - t.y) < 0.01) return;
    if (animate) zoomBusyUntil = performance.now() + ms;
    (animate ? svg.transition().duration(ms).ease(d3.easeCubicInOut) : svg).call(zoom.transform, t);
  }

  // The pass camera as Web Animations of the CSS transform of the svg's box (stageBox): the compositor plays
  // them without the page. Setting the zoom root's transform every frame instead re-laid out every label (SVG
  // text follows the screen scale), then repainted and rasterized the whole drawing: the flights were most of
  // the late frames of bench/lab_perf.mjs (b). The svg is drawn at `base` (the widest view: the whole graph,
  // so every view of the flight is inside it); a view V is the box's transform V ∘ base⁻¹, and the compositor
  // rasterizes at the flight's largest scale, so the zoomed-in labels stay sharp. One animation a flight, held
  // at its end (a running animation that holds still is a full redraw of the box every frame): from a to b
  // along cameraTransform's path (eased, the scale geometric), sampled, linear in between.
  function flyCamera(base, a, b, ms) {
    const css = (v) => {
      const s = v.k / base.k;
      return `translate(${v.x - s * base.x}px, ${v.y - s * base.y}px) scale(${s})`;
    };
    const n = 16;
    const frames = [];
    for (let j = 0; j <= n; j++) frames.push({ transform: css(cameraTransform(a, b, j / n)) });
    return stageBox.animate(frames, { duration: ms, easing: 'linear', fill: 'forwards' });
  }

  function stopAnim() {
    if (anim) {
      anim.stop();
      anim = null;
    }
  }

  // ------------------------------------------------------------------ side panel
  function drawPassList(stages, visible, idx) {
    const rows = d3.select(passList).selectAll('li').data(stages, (s) => `${s.index}:${s.key}`);
    rows.exit().remove();
    const enter = rows.enter().append('li');
    const btn = enter.append('button').attr('type', 'button').attr('class', 'stage-btn');
    btn.append('span').attr('class', 'st-name');
    btn.append('span').attr('class', 'st-counts');
    btn.on('click', (ev, s) => ctx.setState({ stage: s.index }));
    const all = enter.merge(rows);
    // (every result rejoins the rows: only what changed is written, a text written again is relaid out)
    all.each(function (s) {
      setAttr(this, 'class', [s.index === idx ? 'current' : '', s.changed ? '' : 'unchanged'].join(' ').trim() || null);
      setAttr(this, 'hidden', visible.includes(s.index) ? null : '');
      setAttr(this, 'aria-current', s.index === idx ? 'step' : null);
      const name = this.querySelector('.st-name'), counts = this.querySelector('.st-counts');
      setText(name, `${s.index}. ${s.name}`);
      // hover: what the pass does, and what its "hits" count (web/glossary.js)
      if (name.__explained !== s.name) {
        name.__explained = s.name;
        explain(name, s.name);
      }
      if (s.counts.hits !== null && s.counts.hits !== undefined && !counts.__explained) {
        counts.__explained = true;
        explain(counts, 'hits');
      }
      const h = s.counts.hits === null || s.counts.hits === undefined ? '' : ` · ${s.counts.hits} hit${s.counts.hits === 1 ? '' : 's'}`;
      setText(counts, `${s.counts.nodes} nodes · ${s.counts.ops} ops${h}${s.changed ? '' : ' · no change'}`);
    });
  }

  let pipeDrawn = null;
  function drawPipelineEditor() {
    const all = ctx.passNames();
    const on = state.pipeline;
    const drawnKey = on.join('.');
    if (drawnKey === pipeDrawn) return;    // unchanged: keep the DOM (and the keyboard focus in it)
    pipeDrawn = drawnKey;
    const order = [...on, ...all.filter((p) => !on.includes(p))];
    const a = document.activeElement;
    const focused = a && pipeList.contains(a) ? { pass: a.getAttribute('data-pass'), role: a.getAttribute('data-role') } : null;
    clear(pipeList);
    order.forEach((p) => {
      const enabled = on.includes(p);
      const cb = el('input', { type: 'checkbox', 'aria-label': `run ${p}`, 'data-pass': p, 'data-role': 'cb' });
      cb.checked = enabled;
      cb.addEventListener('change', () => {
        const next = cb.checked ? [...on, p] : on.filter((x) => x !== p);
        ctx.setState({ pipeline: next }, { rerun: true });
      });
      const pos = on.indexOf(p);
      const up = el('button', { type: 'button', 'aria-label': `move ${p} earlier`, title: 'earlier', 'data-pass': p, 'data-role': 'up' }, '↑');
      const down = el('button', { type: 'button', 'aria-label': `move ${p} later`, title: 'later', 'data-pass': p, 'data-role': 'down' }, '↓');
      up.disabled = !enabled || pos === 0;
      down.disabled = !enabled || pos === on.length - 1;
      const move = (delta) => {
        const next = on.slice();
        const j = pos + delta;
        [next[pos], next[j]] = [next[j], next[pos]];
        ctx.setState({ pipeline: next }, { rerun: true });
      };
      up.addEventListener('click', () => move(-1));
      down.addEventListener('click', () => move(1));
      pipeList.append(el('li', { class: enabled ? '' : 'off' }, el('label', {}, cb, ' ', p), up, down));
    });
    if (focused) {
      // the same control of the same pass (it moved with the pass), else another of its row
      const q = (role) => pipeList.querySelector(`[data-pass="${focused.pass}"][data-role="${role}"]`);
      const target = [focused.role, focused.role === 'up' ? 'down' : 'up', 'cb'].map(q).find((e) => e && !e.disabled);
      if (target) target.focus();
    }
  }

  // ------------------------------------------------------------------ pass strip and caption
  const hitsText = (c) => (c.hits === null || c.hits === undefined ? '' : ` · ${c.hits} hit${c.hits === 1 ? '' : 's'}`);
  function drawStrip(stages, visible, idx) {
    const st = stages[idx];
    setText(sName, `${idx}. ${st.name}`);
    setAttr(sName, 'data-stage', idx);
    const chips = d3.select(sChips).selectAll('button.ps-chip').data(stages, (s) => `${s.index}:${s.key}`)
      .join((e) => e.append('button').attr('type', 'button').attr('class', 'ps-chip').on('click', (ev, s) => ctx.setState({ stage: s.index })));
    chips.each(function (s) {
      if (this.classList.contains('current') !== (s.index === idx)) this.classList.toggle('current', s.index === idx);
      if (this.classList.contains('unchanged') !== !s.changed) this.classList.toggle('unchanged', !s.changed);
      setAttr(this, 'hidden', visible.includes(s.index) ? null : '');
      setAttr(this, 'aria-current', s.index === idx ? 'step' : null);
      setAttr(this, 'title', `${s.name}: ${s.counts.nodes} nodes, ${s.counts.ops} ops${hitsText(s.counts)}`);
      setText(this, `${s.name} ${s.counts.nodes}${s.counts.hits === null || s.counts.hits === undefined ? '' : ' ×' + s.counts.hits}`);
    });
  }

  let cap = null;          // the shown stage's caption (narrate.js), for the export and the change list
  let changeSel = null;    // index of the selected change, or null
  function stageCaption(stages, idx) {
    const st = stages[idx];
    if (idx === 0) return { headline: `${st.name}: the graph as traced — ${st.counts.nodes} nodes, ${st.counts.ops} ops`, rule: '', changes: [] };
    if (st.lite || stages[idx - 1].lite) {
      // a big result's stages carry summaries only: the counts say what changed
      const a = stages[idx - 1].counts, b = st.counts;
      const d = b.nodes - a.nodes;
      return { headline: `${st.name}: ${a.nodes} → ${b.nodes} nodes (${d > 0 ? '+' : ''}${d})${hitsText(b)}`, rule: '', changes: [] };
    }
    return narrateStage(stages, idx);
  }
  function drawCaption(stages, idx) {
    const c = stageCaption(stages, idx);
    const same = cap && cap.key === `${model.version}|${idx}`;
    // a new result telling the same changes (a slider moved: sizes only) keeps the list, unless one is selected
    const said = JSON.stringify(c.changes.map((ch) => [ch.how, ch.ids, ch.text]));
    const sameList = cap && cap.said === said && changeSel === null;
    cap = { ...c, key: `${model.version}|${idx}`, said };
    setText(capHead, c.headline);
    setText(capRule, c.rule || '');
    setAttr(caption, 'data-stage', idx);
    if (same || sameList) return;
    changeSel = null;
    clear(capList);
    c.changes.forEach((ch, i) => {
      const b = el('button', { type: 'button', class: `cap-change how-${ch.how}`, 'data-how': ch.how, 'data-ids': ch.ids.join(' ') }, ch.text);
      if (!ch.ids.length) {
        b.setAttribute('aria-disabled', 'true');
        b.title = 'these nodes are gone from this stage (step back to see them)';
      }
      b.addEventListener('click', () => selectChange(changeSel === i || !ch.ids.length ? null : i));
      capList.append(el('li', {}, b));
    });
  }
  function selectChange(i) {
    changeSel = i;
    const ids = new Set(i === null || !cap ? [] : cap.changes[i].ids);
    capList.querySelectorAll('button.cap-change').forEach((b, j) => b.setAttribute('aria-pressed', j === i ? 'true' : 'false'));
    gNodes.selectAll('g.node')
      .classed('csel', (d) => ids.size > 0 && !d.v.group && ids.has(d.v.node.id))
      .classed('cdim', (d) => ids.size > 0 && (d.v.group || !ids.has(d.v.node.id)));
  }
  /** The caption as lines of text (the export's title). */
  function captionText() {
    if (!cap) return [];
    return [cap.headline, cap.rule].filter(Boolean);
  }

  // ------------------------------------------------------------------ draw
  function drawStale(st, m) {
    const own = typeof st.prog === 'string';
    const current = !m.error && (m.key === undefined || !ctx.analysisKey || m.key === ctx.analysisKey(st));
    if (!own || current || !m.result) return staleBanner.shown && staleBanner.hide();
    staleBanner.show('the last program that ran', m.error ? 'the current program has an error (see Program)'
      : 'analysing the current program…');
  }

  function draw(st, m, { animate = true } = {}) {
    drawStale(st, m);
    state = st;
    model = m;
    cbHide.checked = st.hide;
    cbKern.checked = st.kern;
    cbLeaves.checked = !!st.leaves;
    cbShapes.checked = !!st.shapes;
    cbCam.checked = !!st.cam;
    selCollapse.value = st.collapse;
    setText(btnPlay, ctx.playing() ? '❚❚ pause' : '▶ play');
    setAttr(btnPlay, 'aria-label', ctx.playing() ? 'pause' : 'play');
    if (!m || !m.stages || !m.stages.length) {
      stageLabel.textContent = m && m.error ? 'no graph (see the config error)' : 'loading…';
      return;
    }
    drawPipelineEditor();
    if (expandedFor !== m.version) {
      expanded = new Set();
      expandedFor = m.version;
      layoutCache.clear();
      layerData = new Map();
      layerFetch.clear();
      tip.hidden = true;                             // it described a node of the old result
      // the old result's warm-ups (warm() asks again for what is still needed)
      layouts.cancelWarm();
    }
    const stages = m.stages;
    const idx = Math.min(st.stage, stages.length - 1);
    const stage = stages[idx];
    const visible = ctx.visibleStages();
    drawPassList(stages, visible, idx);
    const pos = visible.indexOf(idx);
    // aria-disabled, not disabled: a disabled button drops keyboard focus to <body> (pressing Enter on
    // "next" until the last stage would lose your place); the handlers do nothing at the ends anyway
    const atEnd = pos === -1 || pos >= visible.length - 1;
    for (const [b, off] of [[btnPrev, pos <= 0], [btnFirst, pos <= 0], [btnNext, atEnd], [btnLast, atEnd], [sPrev, pos <= 0], [sNext, atEnd]]) {
      setAttr(b, 'aria-disabled', off ? 'true' : 'false');
    }
    drawStrip(stages, visible, idx);
    drawCaption(stages, idx);
    setText(stageLabel, `Stage ${idx}/${stages.length - 1}: ${stage.name} — ${stage.counts.nodes} nodes, ${stage.counts.ops} ops` +
      (stage.counts.hits !== null && stage.counts.hits !== undefined ? `, ${stage.counts.hits} hit${stage.counts.hits === 1 ? '' : 's'}` : ''));

    if (!nodeCount(stage)) {
      empty.hidden = false;
      empty.textContent = 'This result carries no graphs.';
      return;
    }
    empty.hidden = true;
    const isLast = idx === stages.length - 1;
    // (a big result's stages are summaries: no node to colour, and its kernel table stays packed)
    const kernels = st.kern && isLast && !stage.lite && m.result.fused && Array.isArray(m.result.fused.kernels) ? m.result.fused.kernels : null;
    const collapsed = isCollapsed(st, stage);
    forcedNote.hidden = !(collapsed && st.collapse === 'off');
    setText(forcedNote, `${nodeCount(stage)} nodes are too many to lay out at once: showing one box per layer (click a layer to open it).`);
    layouts.beginDraw();
    const vis = visualGraph(stage, collapsed, true);
    layouts.cancelSuperseded();
    if (!vis) {
      // keep the previous picture, marked, until the layout (or the opened layer's nodes) arrives
      // (marked only after a moment: most layouts take tens of ms, and a flash of the note is noise)
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
      return;
    }
    pendingDraw = null;
    drawnAspect = canvasAspect();
    if (markTimer !== null) clearTimeout(markTimer);
    markTimer = null;
    layingNote.hidden = true;
    if (svg.node().style.opacity) svg.style('opacity', null);
    setAttr(svg.node(), 'data-laying-out', 0);
    mark('gl-layout-end');
    // kernel membership on visual nodes
    const kof = new Map();
    if (kernels) kernels.forEach((k, ki) => k.nodes.forEach((id) => kof.set(id, ki)));
    for (const v of vis.nodes.values()) {
      if (v.group) continue;
      const ki = kof.get(v.node.id);
      if (ki !== undefined) v.kernel = ki;
      else delete v.kernel;
    }

    stopAnim();
    const prev = last;
    const sameStage = prev && prev.version === m.version && prev.stageIndex === idx && prev.collapseKey === vis;
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    const duration = st.inst ? 1400 : 900;
    let p;
    if (prev && animate && !sameStage && !reduce) {
      // (a big result's stages carry no nodes, so no provenance: boxes move, the rest fades)
      const adjacent = prev.version === m.version && !stage.lite;
      p = animationPlan(prev.vis, adjacent ? stages[prev.stageIndex] : null, vis, stage, adjacent);
    } else {
      p = stillPlan(vis);
    }
    // the camera, when stepping one pass of the same layout (the union's: kept nodes stay put) and the change
    // is a part of the drawing; off with reduced motion, cam=0, or once the user has zoomed
    let cam = null;
    const stepped = prev && prev.version === m.version && Math.abs(prev.stageIndex - idx) === 1 && prev.vis.shape === vis.shape;
    if (st.cam && !reduce && animate && !userZoomed && stepped && !sameStage) {
      const r = changeRegion(p.elements);
      if (r && (r.x1 - r.x0) * (r.y1 - r.y0) < 0.5 * vis.width * vis.height) cam = r;
    }
    const sel = join(p.elements, p.edges);
    hullsOf(vis, kernels);
    {
      const sv = svg.node();
      setAttr(sv, 'data-stage', idx);
      setAttr(sv, 'data-stage-name', stage.name);
      setAttr(sv, 'data-nodes', vis.nodes.size);
      setAttr(sv, 'data-width', Math.round(vis.width));
      setAttr(sv, 'data-height', Math.round(vis.height));
      setAttr(sv, 'data-collapsed', collapsed ? 1 : 0);
      setAttr(sv, 'data-layers', stageLayers(stage));
    }
    const fresh = !prev || prev.version !== m.version;
    last = { version: m.version, stageIndex: idx, vis, collapseKey: vis };
    vis.edgeKeys = new Set(vis.edges.map((e) => e.key));

    const finish = () => {
      const s2 = stillPlan(vis);
      createTween(join(s2.elements, s2.edges), s2.byKey).apply(1);
      svg.attr('data-animating', 0);
      anim = null;
    };
    const tween = createTween(sel, p.byKey);
    // nothing moves (a slider moved: new shapes, same graph and layout): no tween
    if (tween.still) {
      // no ghosts, nothing to fade: the joined elements are the still picture already
      tween.apply(1);
      setAttr(svg.node(), 'data-animating', 0);
      anim = null;
    } else if (cam) {
      // the camera: fly to the region that changes, play the change there, hold, fly back to the whole graph
      svg.interrupt();
      svg.attr('data-animating', 1).attr('data-camera', 1);
      tween.apply(0);
      const [zin, hold, zout] = st.inst || st.present ? [700, 400, 800] : [500, 250, 600];
      const total = zin + duration + hold + zout;
      zoomBusyUntil = performance.now() + total;
      const whole = fitTransform();
      const from = d3.zoomTransform(svg.node());
      const toward = regionTransform(cam, ...canvasSize(), 2.2);
      // the zoom root stays at the whole graph; the camera is the box around the svg (flyCamera). Labels the
      // whole view hides (too small) show for the flight when the zoomed-in view would draw them readable.
      svg.call(zoom.transform, whole);
      if (lodFar && toward.k * labelPx() >= MIN_LABEL_PX) svg.classed('lod-far', false);
      // the box stays a layer of its own for the whole step (dropped at the end of the zoom-in, the drawing was
      // all repainted: a 40 ms frame)
      stageBox.style.willChange = 'transform';
      let flight = flyCamera(whole, from, toward, zin);
      let back = false;
      const end = () => {
        flight.cancel();
        stageBox.style.willChange = '';
        svg.classed('lod-far', lodFar);
        svg.attr('data-camera', 0);
        finish();
      };
      const timer = d3.timer((elapsed) => {
        if (elapsed >= zin) tween.apply((elapsed - zin) / duration);
        if (elapsed >= zin + duration + hold && !back) {
          back = true;
          const out = flyCamera(whole, toward, whole, zout);
          flight.cancel();
          flight = out;
        }
        if (elapsed >= total) {
          timer.stop();
          end();
        }
      });
      anim = { stop: () => { timer.stop(); end(); } };
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
    // a new result laid out exactly like the drawn one (a slider moved d or T: same graph, new shapes) keeps
    // the view as it is, zoom included; any other new result is fitted
    const sameLayout = prev && prev.vis.shape === vis.shape && prev.stageIndex === idx;
    if (fresh && !sameLayout) {
      userZoomed = false;
      fit(false);
    } else if (!userZoomed && !sameStage && !cam) fit(!reduce, st.inst ? 1400 : 900);   // reduced motion: no zoom flight either
    mark('gl-draw-end');
    scheduleWarm();
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

  return { draw, fit, setHighlight, highlight: highlightSel, isAnimating: () => !!anim, collapseAll: () => { expanded = new Set(); } };
}
