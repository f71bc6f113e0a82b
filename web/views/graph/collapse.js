// views/graph/collapse.js — stacks of layers drawn one box per layer, without holding every node.
//
// A stage of a big result (more than LITE_NODES nodes in one of its stages: 256 decode layers are 14,000
// nodes per stage) crosses from the analysis worker to the page as a *summary*: one group per layer (node
// and op counts) and the layer-to-layer edges. The nodes of one layer are fetched from the worker when its
// box is opened (layerSlice, for every stage at once). Plain modules: the worker imports them too.

import { layerCount, nodeObject, keyOf, tableStages } from '../../model.js';
import { summarize, summarizeColumns } from './layer-index.js';

export { summarize };

export const NODE_H = 24;
export const GROUP_H = 44;
export const AUTO_COLLAPSE_NODES = 180;   // layers: auto draws bigger graphs one box per layer
export const MAX_EXPANDED_NODES = 1500;   // never laid out node by node (dagre's time grows too fast)
export const LITE_NODES = MAX_EXPANDED_NODES;

// inst: presentation's 18 px letters (10.84 px a character in DejaVu Sans Mono), else the lab's 12 px
export function textWidth(s, inst) {
  return Math.max(40, Math.round(s.length * (inst ? 10.9 : 7.4) + 16));
}

/** Nodes of a stage, whether it carries them (a small result) or only their summary. */
export function nodeCount(stage) {
  return stage.lite ? stage.nodeCount : stage.nodes.length;
}

export function stageLayers(stage) {
  return stage.lite ? stage.layers : layerCount(stage);
}

/** Whether a stage is drawn collapsed by layer under the current state. */
export function isCollapsed(state, stage) {
  if (!stage || stageLayers(stage) < 2) return false;
  const n = nodeCount(stage);
  if (stage.lite || state.collapse === 'on' || n > MAX_EXPANDED_NODES) return true;
  if (state.collapse === 'off') return false;
  return n > AUTO_COLLAPSE_NODES;
}

/** A stage without its nodes: what the page needs to draw it collapsed and to step through it. */
export function liteStage(stage) {
  const { groups, groupEdges } = summarize(stage);
  return {
    index: stage.index, key: stage.key, name: stage.name, counts: stage.counts, changed: stage.changed,
    outputs: stage.outputs, inputNames: stage.inputNames, prov: null, nodes: [],
    lite: true, nodeCount: stage.nodes.length, layers: layerCount(stage), groups, groupEdges,
  };
}

/** liteStage of a stage of a column table (model.js stageTable): the same object, read off its columns. */
export function liteColumns(table, st) {
  const { groups, groupEdges, layers } = summarizeColumns(table, st);
  return {
    index: st.index, key: st.key, name: st.name, counts: st.counts, changed: st.changed,
    outputs: st.outputs, inputNames: st.inputNames, prov: null, nodes: [],
    lite: true, nodeCount: st.n, layers, groups, groupEdges,
  };
}

/** What the page gets of a column table: {stages, lite} — every stage summarised when one is over
 *  LITE_NODES nodes, else every stage with its node objects. */
export function pageStages(table) {
  const lite = table.stages.some((s) => s.n > LITE_NODES);
  return { lite, stages: lite ? table.stages.map((s) => liteColumns(table, s)) : tableStages(table) };
}

/**
 * One layer's nodes of a stage: {nodes, ext: {input id → [layer, key]} for inputs from other layers,
 * out: {node id → [layers]} for other layers that use a node}. Enough to draw the layer opened among boxes.
 */
export function layerSlice(stage, layer) {
  const nodes = stage.nodes.filter((n) => n.layer === layer);
  const ids = new Set(nodes.map((n) => n.id));
  const ext = {};
  for (const n of nodes) {
    for (const i of n.inputs) {
      const src = stage.nodes[i];
      if (src && !ids.has(i)) ext[i] = [src.layer, src.key];
    }
  }
  const out = {};
  for (const m of stage.nodes) {
    if (m.layer === layer) continue;
    for (const i of m.inputs) {
      if (!ids.has(i)) continue;
      const ls = out[i] || (out[i] = []);
      if (!ls.includes(m.layer)) ls.push(m.layer);
    }
  }
  return { nodes, ext, out };
}

/** layerSlice of a stage of a column table: its layer's node objects made from the columns, nothing else. */
export function layerSliceColumns(table, st, layer) {
  const { g, n, layer: lay } = st;
  const nodes = [];
  const mine = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (lay[i] !== layer) continue;
    mine[i] = 1;
    nodes.push(nodeObject(table, st, i));
  }
  const ext = {};
  for (const nd of nodes) {
    for (const i of nd.inputs) if (i >= 0 && i < n && !mine[i]) ext[i] = [lay[i], keyOf(st, i)];
  }
  const out = {};
  for (let m = 0; m < n; m++) {
    if (lay[m] === layer) continue;
    for (let k = g.inStart[m]; k < g.inStart[m + 1]; k++) {
      const i = g.ins[k];
      if (!(i >= 0 && i < n) || !mine[i]) continue;
      const ls = out[i] || (out[i] = []);
      if (!ls.includes(lay[m])) ls.push(lay[m]);
    }
  }
  return { nodes, ext, out };
}

/** Every stage's slice of one layer of a column table (the worker's answer to a layer request). */
export function tableSlices(table, layer) {
  return table.stages.map((st) => layerSliceColumns(table, st, layer));
}
