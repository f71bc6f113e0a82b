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
import { stageGraph, groupBox, sliceEdges, collapsedEdges, COMPACT_LAYERS } from './grouping.js';
import { unionGraph, foldColumns, sameDrawing } from './union.js';

// the union layout is dense (ranks 12 apart, boxes 8, edges 4): a layer is long and the whole of it must fit a
// projector at readable letters (measured at 1280×720: scale 0.86 for the small prefill layer, 0.92 decode)
const UNION_DAGRE = { ranksep: 12, nodesep: 8, edgesep: 4 };
const PRESENT_H = 22;   // box height in the presentation layout (15 px letters)
const presentWidth = (s) => Math.max(40, Math.round(s.length * 9.1 + 16));   // 15 px DejaVu Sans Mono: 9.03 px a character

/**
 * layouts: graph/layout.js's; getState(), getModel(): what the view draws; canvasAspect(): the canvas's
 * width / height in quarter steps; fetchLayer(layer): a big result's layer from the analysis worker (ctx.layerSlice);
 * resume(): something a visual graph waited for arrived (a layer's nodes).
 * Returns {visualGraph(stage, collapsed, urgent) (null while a layout or a layer is on its way), newResult(m)
 * (true when m is another result than the last: its caches cleared), openLayer(l), collapseAll()}.
 */
export function createVisualGraphs({ layouts, getState, getModel, canvasAspect, fetchLayer, resume }) {
  const dagreShape = layouts.dagreShape;
  let expanded = new Set(); // layers opened by the user in collapsed mode
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
    const inst = !!(state.inst || state.present);
    const aspect = canvasAspect();
    const key = `${model.version}|${stage.index}|${collapsed ? [...expanded].sort().join(',') : '-'}|${aspect}|${inst ? 'i' : ''}|${state.leaves ? 'l' : ''}|${state.present ? 'p' : ''}`;
    if (layoutCache.has(key)) return layoutCache.get(key);
    const vis = collapsed ? collapsedGraph(stage, inst, aspect, urgent) : expandedGraph(stage, inst, urgent);
    if (vis) layoutCache.set(key, vis);
    return vis;
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

  function newResult(m) {
    if (expandedFor === m.version) return false;
    expanded = new Set();
    expandedFor = m.version;
    layoutCache.clear();
    layerData = new Map();
    layerFetch.clear();
    return true;
  }
  return {
    visualGraph, newResult,
    openLayer: (layer) => expanded.add(layer),
    collapseAll: () => { expanded = new Set(); },
  };
}
