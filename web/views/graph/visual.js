// views/graph/visual.js — the visual graph of one stage: its boxes placed, {nodes: Map key → vnode, edges,
// visKey, width, height, shape}, made from the stage's nodes (or its per-layer summary) and a layout. The
// stages drawn node by node share one union layout (graph/union.js: one dagre run for all of them, folded into
// columns for the canvas's aspect), so a pass step moves only what the pass changed; a stack's stages are one
// box per layer on a grid, with the layers the user opened laid out as blocks of their own.
// Every cache of the drawing lives here: the visual graphs of this result, the union per drawing mode, its
// folds per aspect, the layers' nodes (sliced here for a small result, fetched from the analysis worker for a
// big one) and the stages' summaries; dagre's layouts by structure, across results, are graph/layout.js's.
import { nodeLabel } from '../../ops.js';
import { NODE_H, MAX_EXPANDED_NODES, textWidth, nodeCount, isCollapsed, summarize, layerSlice } from './collapse.js';
import { chooseRanges } from './ranges.js';
import { stageGraph, groupBox, rangeBox, sliceEdges, collapsedEdges, COMPACT_LAYERS, TIGHT_LAYERS } from './grouping.js';
import { unionGraph, foldColumns, sameDrawing } from './union.js';
import { blockDepths, foldStage, changedBlocks } from './blocks.js';
import { compactShifts } from './compact.js';
import { lang } from '../../i18n/i18n.js';

// the union layout is dense (ranks 12 apart, boxes 8, edges 4): a layer is long and the whole of it must fit a
// projector at readable letters (measured at 1280×720: scale 0.86 for the small prefill layer, 0.92 decode)
const UNION_DAGRE = { ranksep: 12, nodesep: 8, edgesep: 4 };
// presentation's letters (style.css body.present --node-fs): 18 px, so that a fitted drawing down to scale 0.89
// still shows them at 16 px, the projector's floor (issue 33)
export const PRESENT_NODE_FS = 18;
const PRESENT_H = 26;   // box height in presentation (18 px letters)
const presentWidth = (s) => Math.max(44, Math.round(s.length * 10.9 + 18));   // 18 px DejaVu Sans Mono: 10.84 px a character
// the smallest label the fitted drawing may show (issue 33): a stage folds its blocks until it fits at this size
const LABEL_TARGET = 12;
const PRESENT_LABEL_TARGET = 16;
// a lesson step's graph shares the window with its rail and often a docked panel: 12 px letters (14 px tall as
// drawn) keep the nodes it is about drawn one by one where 16 px would fold a layer into two boxes
const LESSON_LABEL_TARGET = 12;

/**
 * layouts: graph/layout.js's; getState(), getModel(): what the view draws; canvasAspect(): the canvas's
 * width / height in quarter steps; fetchLayer(layer): a big result's layer from the analysis worker (ctx.layerSlice);
 * resume(): something a visual graph waited for arrived (a layer's nodes); canvasSize(): [width, height] of the
 * canvas; labelPx(): a label's size at scale 1; focus(): the node keys a lesson step highlights (a Set) or null.
 * Returns {visualGraph(stage, collapsed, urgent) (null while a layout or a layer is on its way), newResult(m)
 * (true when m is another result than the last: its caches cleared), openLayer(l), openBlock(key),
 * collapseAll()}.
 */
const FOLDED_PAD = 24;   // the margin round a folded stage's boxes when it is fitted on its own

export function createVisualGraphs({ layouts, getState, getModel, canvasAspect, fetchLayer, resume,
  canvasSize = () => [800, 500], labelPx = () => 12, focus = () => null }) {
  const dagreShape = layouts.dagreShape;
  let expanded = new Set(); // layers opened by the user in collapsed mode
  let openBlocks = new Set(); // block groups opened by the user (blocks.js group keys, stable across results)
  let openRanges = new Set(); // ranges of layers opened by the user (their first layers: graph/ranges.js)
  const depthMemo = new Map(); // the fold depth chosen for a result at one canvas size and mode
  // which groups open by themselves (stageOpen): 'c' the blocks the shown pass changed, 'f' those holding a
  // lesson step's highlighted nodes; chosen with the depth (foldDepth), part of every key of a drawing
  let auto = 'c';
  let blocksInfo = null;      // {version, strip, depth} of this result's stages (blocks.js blockDepths)
  let expandedFor = null;
  const layoutCache = new Map();   // the visual graph of a stage of this result
  let layerData = new Map();       // big results: layer → [slice per stage] fetched from the analysis worker
  const layerFetch = new Set();
  const sliceMemo = new WeakMap(); // small results: stage → Map layer → slice
  const summaryMemo = new WeakMap();
  let state = null;
  let model = null;
  // Each returns the visual graph {nodes: Map key → vnode, edges, visKey, width, height, shape}, or null
  // while something it needs is on its way (a dagre layout from the worker, a layer's nodes): draw() then
  // keeps the previous picture and draws again when it arrives (resume). urgent: the page waits for it.
  function visualGraph(stage, collapsed, urgent = true) {
    state = getState();
    model = getModel();
    const inst = !!state.present;
    const aspect = canvasAspect();
    const depth = collapsed ? Infinity : foldDepth(inst, urgent);
    if (depth === null) return null;
    const key = `${model.version}|${stage.index}|${collapsed ? `${[...expanded].sort().join(',')}/${[...openRanges].join(',')}/${canvasSize().map(Math.round).join('x')}` : '-'}|${aspect}|${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}|${depth}|${openKey()}|${collapsed ? lang() : ''}`;
    if (layoutCache.has(key)) return layoutCache.get(key);
    const vis = collapsed ? collapsedGraph(stage, inst, aspect, urgent) : expandedGraph(stage, inst, urgent, depth);
    if (vis) layoutCache.set(key, vis);
    return vis;
  }

  // The fold depth of this result's drawing (blocks.js): the deepest whose fitted union layout shows labels at
  // LABEL_TARGET px or more (PRESENT_LABEL_TARGET presenting), trying the unfolded drawing first; Infinity when
  // the result has no blocks or the user turned folding off; null while a layout it needs is on its way. A lesson
  // folds too (its questions count members, which a folded group's label shows; a student picking nodes opens a
  // group to reach them, with a click or Enter).
  const shownStage = () => Math.max(0, Math.min(state.stage || 0, model.stages.length - 1));
  function foldDepth(inst, urgent) {
    if (!blocksInfo || blocksInfo.version !== model.version) {
      const bd = blockDepths(model.stages.filter((s) => !s.lite && nodeCount(s) && !isCollapsed(state, s)));
      blocksInfo = { version: model.version, ...bd };
    }
    if (!blocksInfo.depth || state.fold === 'off') return Infinity;
    const [W, H] = canvasSize();
    const memoKey = `${model.version}|${state.fold}|${state.lesson ? `${state.lesson}@${shownStage()}` : ''}|${Math.round(W)}x${Math.round(H)}|${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}|${[...openBlocks].join(',')}|${focusOpen().sig}`;
    const memo = depthMemo.get(memoKey);
    if (memo) {
      auto = memo.auto;
      return memo.depth;
    }
    const target = state.lesson ? LESSON_LABEL_TARGET : state.present ? PRESENT_LABEL_TARGET : LABEL_TARGET;
    // what opens by itself: presenting, the blocks each pass changes (the projector's animation unfolds them);
    // in a lesson, what its step is about (the pass's changes, the highlighted nodes) while that still fits, else
    // only the highlighted nodes' groups, else nothing; in the lab, the changed blocks while the drawing still
    // fits (the union of the stages holds them open, and their room spreads the first stage out), else nothing
    // (a changed group is marked, and opens with a click)
    const ladder = state.lesson ? ['cf', 'f', ''] : state.present ? ['c'] : ['c', ''];
    for (const mode of ladder) {
    auto = mode;
    const last = mode === ladder[ladder.length - 1];
    for (let d = blocksInfo.depth + 1; d >= 1; d--) {
      const depth = d > blocksInfo.depth ? Infinity : d;
      const shape = unionShape(inst, urgent, depth);
      if (shape === null) return null;
      if (shape === undefined && (d > 1 || !last)) continue;
      // judged on the first stage as it is fitted (folded, a stage is fitted by its own boxes): the trace, the
      // drawing a student meets first; presenting, on every stage (a pass unfolds the blocks it changes, and a
      // projector's 16 px holds for each pass shown); in a lesson, on the stage its step shows (its steps
      // show one stage each: judged on them all, a lesson would fold every stage to two boxes)
      const fitK = (box) => (box ? Math.min(2, 0.97 * Math.min(W / box.width, H / box.height)) : 0);
      let k;
      if (!shape || depth === Infinity) k = fitK(shape);
      else if (state.lesson) k = fitK(stageBox(model.stages[shownStage()], inst, depth, shape));
      else if (!state.present) k = fitK(stageBox(model.stages[0], inst, depth, shape));
      else {
        k = Infinity;
        for (const st of model.stages) {
          const box = !st.lite && nodeCount(st) && !isCollapsed(state, st) ? stageBox(st, inst, depth, shape) : null;
          if (box) k = Math.min(k, fitK(box));
        }
        if (k === Infinity) k = 0;
      }
      if (k * labelPx() >= target - 1e-9 || (d === 1 && last)) {
        while (depthMemo.size >= 32) depthMemo.delete(depthMemo.keys().next().value);
        depthMemo.set(memoKey, { depth, auto });
        return depth;
      }
    }
    }
    return Infinity;
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
  function stageNodes(stage, inst, depth = Infinity) {
    const vis = stageGraph(stage, !!state.leaves || !state.present, (n, chips) => nodeVis(n, inst, chips));
    if (depth === Infinity || !blocksInfo) return vis;
    const boxH = state.present ? PRESENT_H : inst ? NODE_H + 8 : NODE_H;
    return foldStage(vis, depth, blocksInfo.strip, stageOpen(stage), { inst, boxH, width: state.present ? presentWidth : null });
  }

  // The groups open in a stage's drawing: the user's, and every block the pass that made the stage changed (a
  // pass step unfolds what it rewrites; the union layout holds both the folded box and its members, so the
  // step animates the box opening in place and the next stage folds it again).
  const changedMemo = new WeakMap();
  function stageOpen(stage) {
    let changed = auto.includes('c') ? changedMemo.get(stage) : null;
    if (auto.includes('c') && !changed) {
      changed = changedBlocks(stage, blocksInfo.strip);
      changedMemo.set(stage, changed);
    }
    const focused = auto.includes('f') ? focusOpen().groups : null;
    if (!(changed && changed.size) && !(focused && focused.size)) return openBlocks;
    return new Set([...openBlocks, ...(changed || []), ...(focused || [])]);
  }

  // The groups holding a lesson step's highlighted nodes, at every depth, when it highlights a few (a step
  // about one softmax opens its block; a step about every matmul marks the groups that hold them instead).
  const FOCUS_OPEN_MAX = 3;
  let focusMemo = { set: undefined, version: null, v: { sig: '', groups: null } };
  function focusOpen() {
    const f = state && state.lesson ? focus() : null;
    if (focusMemo.set === f && focusMemo.version === model.version) return focusMemo.v;
    let v = { sig: '', groups: null };
    if (f && f.size && f.size <= FOCUS_OPEN_MAX && blocksInfo) {
      const groups = new Set();
      for (const st of model.stages) {
        if (st.lite || !st.nodes) continue;
        for (const n of st.nodes) {
          if (!n.block || !f.has(n.key)) continue;
          const parts = n.block.split('/').slice(blocksInfo.strip);
          for (let d = 1; d <= parts.length; d++) groups.add(`B${n.layer}:${parts.slice(0, d).join('/')}`);
        }
      }
      v = { sig: [...groups].sort().join(','), groups };
    }
    focusMemo = { set: f, version: model.version, v };
    return v;
  }
  /** What opens a drawing's groups, for the keys of its caches: the user's groups and the automatic ones. */
  const openKey = () => `${[...openBlocks].join(',')}|${auto}|${auto.includes('f') ? focusOpen().sig : ''}`;


  // The union layout of the result's stages drawn node by node (graph/union.js): one dagre run for all of them,
  // folded into columns for the canvas's aspect; null while dagre runs in the worker.
  const unionMemo = new Map();
  const foldsOf = new WeakMap();   // dagre's union shape → Map aspect → its fold
  function unionShape(inst, urgent, depth = Infinity) {
    const stages = model.stages.filter((s) => !s.lite && nodeCount(s) && !isCollapsed(state, s));
    const ukey = `${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}|${depth}|${openKey()}`;
    // this result's union, or the last result's when its stages draw the same (sizes changed only)
    let u = unionMemo.get(ukey);
    if (u && u.version !== model.version) {
      if (sameDrawing(u.stages, stages)) {
        u.version = model.version;
        u.stages = stages;
      } else u = null;
    }
    if (!u) {
      const g = unionGraph(stages.map((s) => stageNodes(s, inst, depth)));
      if (g.nodes.length > MAX_EXPANDED_NODES) return undefined;
      u = { version: model.version, stages, nodes: new Map(g.nodes.map(([k, w, h]) => [k, { key: k, w, h }])), edges: g.edges.map(([a, b]) => ({ s: a, t: b })) };
      unionMemo.delete(ukey);
      while (unionMemo.size >= 8) unionMemo.delete(unionMemo.keys().next().value);
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

  /** The box of a stage's folded drawing at depth in the union shape (as expandedGraph fits it), or null. */
  function stageBox(stage, inst, depth, shape) {
    if (!stage || stage.lite || !nodeCount(stage)) return null;
    const { nodes } = stageNodes(stage, inst, depth);
    const pos = foldedPlaces(nodes, shape, depth, inst);
    if (!pos) return shape;
    const vs = [];
    for (const v of nodes.values()) {
      const p = pos.get(v.key);
      vs.push({ x: p[0], y: p[1], w: v.w, h: v.h });
    }
    return vs.length ? extentOf(vs, FOLDED_PAD) : null;
  }

  /** A folded stage's boxes at their union places with the empty bands closed (graph/compact.js), or null when
   *  the union lacks one of them. The bands are those of every stage's drawing at this depth, so a pass step
   *  moves only what its pass changed. */
  function foldedPlaces(nodes, shape, depth, inst) {
    const { fx, fy } = foldShifts(shape, depth, inst);
    const pos = new Map();
    for (const v of nodes.values()) {
      const p = shape.pos.get(v.key);
      if (!p) return null;
      pos.set(v.key, [fx(p[0]), fy(p[1])]);
    }
    return pos;
  }
  const shiftsOf = new WeakMap();   // union shape → Map drawing key → {fx, fy}
  function foldShifts(shape, depth, inst) {
    let m = shiftsOf.get(shape);
    if (!m) shiftsOf.set(shape, (m = new Map()));
    const key = `${model.version}|${depth}|${openKey()}|${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}`;
    let f = m.get(key);
    if (!f) {
      const boxes = [];
      for (const st of model.stages) {
        if (st.lite || !nodeCount(st) || isCollapsed(state, st)) continue;
        for (const v of stageNodes(st, inst, depth).nodes.values()) {
          const p = shape.pos.get(v.key);
          if (p) boxes.push({ x: p[0], y: p[1], w: v.w, h: v.h });
        }
      }
      f = compactShifts(boxes);
      while (m.size >= 8) m.delete(m.keys().next().value);
      m.set(key, f);
    }
    return f;
  }

  function extentOf(vs, pad) {
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const v of vs) {
      x0 = Math.min(x0, v.x - v.w / 2);
      y0 = Math.min(y0, v.y - v.h / 2);
      x1 = Math.max(x1, v.x + v.w / 2);
      y1 = Math.max(y1, v.y + v.h / 2);
    }
    return { x0: x0 - pad, y0: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad };
  }

  function expandedGraph(stage, inst, urgent, depth) {
    const { nodes, edges, groupOfKey } = stageNodes(stage, inst, depth);
    let shape = stage.lite ? undefined : unionShape(inst, urgent, depth);
    if (shape === null) return null;
    // the union is too big to lay out, or it lacks one of this stage's boxes (a stage of another result than
    // the union's, drawn while a new result arrives): the stage is laid out on its own
    if (shape && [...nodes.keys()].some((k) => !shape.pos.has(k))) shape = undefined;
    if (shape === undefined) shape = dagreShape(nodes, edges.values(), urgent);
    if (!shape) return null;
    const pos = depth !== Infinity ? foldedPlaces(nodes, shape, depth, inst) || shape.pos : shape.pos;
    for (const v of nodes.values()) [v.x, v.y] = pos.get(v.key);
    // a node folded into a group is drawn as the group (the animation plan flies provenance from / to it)
    const visKey = groupOfKey && groupOfKey.size ? (n) => groupOfKey.get(n.key) || n.key : (n) => n.key;
    // a folded stage is fitted by its own boxes, not the union's: the union holds every block some pass
    // unfolds, so fitting it drew a stage of two folded boxes at half size, too small for their labels; the
    // boxes keep their union order with the empty bands closed, the view re-fits (viewport.js: x0, y0)
    const ext = depth !== Infinity && nodes.size ? extentOf(nodes.values(), FOLDED_PAD) : { x0: 0, y0: 0, width: shape.width, height: shape.height };
    return { nodes, edges, visKey, ...ext, shape, folded: depth !== Infinity };
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
    if (!layerFetch.has(layer) && fetchLayer) {
      layerFetch.add(layer);
      const version = model.version;
      fetchLayer(layer).then((slices) => {
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
    const compact = layers > TIGHT_LAYERS ? 'tight' : layers > COMPACT_LAYERS;
    const gapY = compact ? 14 : 22;
    const slices = new Map();
    let missing = false;
    for (const g of sum.groups) {
      if (!expanded.has(g.layer)) continue;
      const sl = sliceOf(stage, g.layer);
      if (sl) slices.set(g.layer, sl);
      else missing = true;
    }
    if (missing) return null;
    const { rangeOf } = layerRanges(sum, compact, inst, aspect, gapY);
    const boxOf = (l) => (rangeOf.has(l) ? `R${rangeOf.get(l)[0]}` : `L${l}`);
    const nodes = new Map();
    const items = [];
    let top = null;
    let sig = `${aspect}|`;
    for (const g of sum.groups) {
      const sl = slices.get(g.layer);
      const r = rangeOf.get(g.layer);
      let item;
      if (r) {
        if (r[0] !== g.layer) continue;     // (the range's box, once, at its first layer)
        const v = rangeBox(r[0], r[1], sum.groups.filter((h) => h.layer >= r[0] && h.layer <= r[1]), inst);
        nodes.set(v.key, v);
        item = { key: v.key, w: v.w, h: v.h };
        sig += `${v.key}:${v.w};`;
      } else if (!sl) {
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
    const grid = layouts.gridShape(sig, { top, items, aspect, gapY }, !slices.size);
    for (const v of nodes.values()) [v.x, v.y] = grid.pos.get(v.key);
    // edges between visual nodes: group to group from the summary, and those of opened layers
    const edgeList = collapsedEdges(sum.groupEdges, slices, grid.cols, boxOf);
    const visKey = (n) => (slices.has(n.layer) ? n.key : boxOf(n.layer));
    return { nodes, edges: edgeList, visKey, width: grid.width, height: grid.height, shape: grid };
  }

  // A stack's layers folded into ranges when a box per layer, fitted to the canvas, would draw its label under
  // the target (graph/ranges.js); the same for every stage of a result (the summary's layers are), so the grid
  // keeps its boxes in place across passes. Opened ranges, and ranges holding an opened layer, show their layers.
  const rangeMemo = new Map();
  function layerRanges(sum, compact, inst, aspect, gapY) {
    const layerGroups = sum.groups.filter((g) => g.layer >= 0);
    const [W, H] = canvasSize();
    const target = state.present ? PRESENT_LABEL_TARGET : LABEL_TARGET;
    const key = `${model.version}|${layerGroups.length}|${compact}|${inst ? 'i' : ''}|${Math.round(W)}x${Math.round(H)}|${target}|${[...openRanges].join(',')}|${[...expanded].join(',')}`;
    if (rangeMemo.has(key)) return rangeMemo.get(key);
    const shared = sum.groups.find((g) => g.layer < 0);
    const topBox = shared ? groupBox(shared, compact, inst) : null;
    const byLayer = new Map(layerGroups.map((g) => [g.layer, g]));
    const r = chooseRanges(layerGroups.map((g) => g.layer), {
      boxOfLayer: (l) => groupBox(byLayer.get(l), compact, inst),
      boxOfRange: (a, b) => rangeBox(a, b, [], inst),
      open: (a, b) => openRanges.has(a) || [...expanded].some((l) => l >= a && l <= b),
      fits: (grid) => Math.min(2, 0.97 * Math.min(W / grid.width, H / grid.height)) * labelPx() >= target - 1e-9,
      gridArgs: { top: topBox ? { key: topBox.key, w: topBox.w, h: topBox.h } : null, aspect, gapY },
    });
    while (rangeMemo.size >= 16) rangeMemo.delete(rangeMemo.keys().next().value);
    rangeMemo.set(key, r);
    return r;
  }

  function newResult(m) {
    if (expandedFor === m.version) return false;
    expanded = new Set();
    openRanges = new Set();
    expandedFor = m.version;
    layoutCache.clear();
    layerData = new Map();
    layerFetch.clear();
    return true;
  }
  return {
    visualGraph, newResult,
    openLayer: (layer) => expanded.add(layer),
    openBlock: (key) => { openBlocks = new Set(openBlocks).add(key); },
    openRange: (first) => { openRanges = new Set(openRanges).add(first); },
    collapseAll: () => { expanded = new Set(); openBlocks = new Set(); openRanges = new Set(); },
    /** the groups a lesson step's highlights open (a key): the view draws again when it changes */
    focusSig: () => (state && model ? focusOpen().sig : ''),
  };
}
