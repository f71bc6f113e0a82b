// views/graph/collapse.js — stacks of layers drawn one box per layer, without holding every node.
//
// A stage of a big result (more than LITE_NODES nodes in one of its stages: 256 decode layers are 14,000
// nodes per stage) crosses from the analysis worker to the page as a *summary*: one group per layer (node
// and op counts) and the layer-to-layer edges. The nodes of one layer are fetched from the worker when its
// box is opened (layerSlice, for every stage at once). Plain modules: the worker imports them too.

import { layerCount } from '../../model.js';
import { summarize } from './layer-index.js';

export { summarize };

export const NODE_H = 24;
export const GROUP_H = 44;
export const AUTO_COLLAPSE_NODES = 180;   // layers: auto draws bigger graphs one box per layer
export const MAX_EXPANDED_NODES = 1500;   // never laid out node by node (dagre's time grows too fast)
export const LITE_NODES = MAX_EXPANDED_NODES;

export function textWidth(s, inst) {
  return Math.max(40, Math.round(s.length * (inst ? 9.4 : 6.8) + 16));
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
