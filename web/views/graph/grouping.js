// views/graph/grouping.js — which boxes a stage is drawn as, without the DOM or a layout: node by node (leaves
// as chips on their readers unless shown), or collapsed one box per layer with the opened layers' nodes
// among the boxes; and the edges between those boxes.

import { textWidth, GROUP_H } from './collapse.js';
import { leafChips } from './leaves.js';
import { t } from '../../i18n/i18n.js';

export const COMPACT_LAYERS = 12;   // more layer boxes than this: short labels ("L17 · 55", the long one is the
const COMPACT_H = 26;               // aria-label) in lower boxes, so that a grid of 256 stays legible when fitted
export const TIGHT_LAYERS = 64;     // more than this: the layer's name only ("L17"), the count in its aria-label

/**
 * A stage's visual nodes and edges, unplaced: {nodes: Map key → vnode, edges}. showLeaves: every leaf is a
 * box; otherwise leaves are chips on their readers. vnode(node, chips) makes a node's box.
 */
export function stageGraph(stage, showLeaves, vnode) {
  const { chipped, chips } = leafChips(stage, showLeaves);
  const nodes = new Map();
  for (const n of stage.nodes) if (!chipped.has(n.id)) nodes.set(n.key, vnode(n, chips.get(n.id)));
  const edges = new Map();
  for (const n of stage.nodes) {
    if (chipped.has(n.id)) continue;
    for (const i of n.inputs) {
      const src = stage.nodes[i];
      if (!src || chipped.has(i)) continue;
      const ek = `${src.key}>${n.key}`;
      if (!edges.has(ek)) edges.set(ek, { key: ek, s: src.key, t: n.key, shared: false, shape: src.shape });
    }
  }
  return { nodes, edges: [...edges.values()] };
}

/** The box of a closed layer g ({layer, count, ops} of layer-index.js); compact: short label, lower box. */
export function groupBox(g, compact, inst) {
  const k = `L${g.layer}`;
  const long = g.layer < 0 ? t('graph.group.shared', { n: g.count }) : t('graph.group.layer', { layer: g.layer, n: g.count });
  // a stack too big for a count in every box at a readable size (the 405B model's 126): the layer's name only
  const label = compact && g.layer >= 0 ? (compact === 'tight' ? `L${g.layer}` : `L${g.layer} · ${g.count}`) : long;
  return {
    key: k, group: true, layer: g.layer, count: g.count, ops: g.ops, label, long, cls: 'GROUP',
    w: textWidth(label, inst) + (compact ? 0 : 20), h: compact ? COMPACT_H + (inst ? 8 : 0) : GROUP_H,
  };
}

/** The box of a closed range of layers [a, b] (a stack too big for a readable box per layer folds into
 *  ranges: graph/ranges.js); groups: their layer groups. */
export function rangeBox(a, b, groups, inst) {
  const count = groups.reduce((n, g) => n + g.count, 0);
  const ops = groups.reduce((n, g) => n + g.ops, 0);
  const label = `L${a}–${b}`;
  return {
    key: `R${a}`, group: true, layer: a, range: [a, b], count, ops, label, cls: 'GROUP',
    long: t('graph.group.range', { a, b, n: count }),
    w: textWidth(label, inst), h: COMPACT_H + (inst ? 8 : 0),
  };
}

/** The edges inside an opened layer (a slice of collapse.js layerSlice): Map "s>t" → {s, t}, by node key. */
export function sliceEdges(sl) {
  const ids = new Map(sl.nodes.map((n) => [n.id, n.key]));
  const inner = new Map();
  for (const n of sl.nodes) {
    for (const i of n.inputs) {
      if (!ids.has(i)) continue;
      const ek = `${ids.get(i)}>${n.key}`;
      if (!inner.has(ek)) inner.set(ek, { s: ids.get(i), t: n.key });
    }
  }
  return inner;
}

/**
 * The edges of a collapsed stage: layer box to layer box from the summary's groupEdges, and those of the
 * opened layers (slices: Map layer → slice) to their nodes. cols > 1 (a grid): the shared inputs' edges are
 * left out, since they would cover the grid. boxOf(layer): the key of the box a closed layer is drawn in (its
 * own, or its range's).
 */
export function collapsedEdges(groupEdges, slices, cols, boxOf = (l) => `L${l}`) {
  const edges = new Map();
  const addEdge = (s, t, shared) => {
    if (s === t) return;
    const ek = `${s}>${t}`;
    if (!edges.has(ek)) edges.set(ek, { key: ek, s, t, shared });
  };
  for (const [a, b] of groupEdges) if (!slices.has(a) && !slices.has(b)) addEdge(boxOf(a), boxOf(b), a < 0);
  for (const [, sl] of slices) {
    const ids = new Map(sl.nodes.map((n) => [n.id, n.key]));
    for (const n of sl.nodes) {
      for (const i of n.inputs) {
        if (ids.has(i)) addEdge(ids.get(i), n.key, false);
        else if (sl.ext[i]) {
          const [l, k] = sl.ext[i];
          addEdge(slices.has(l) ? k : boxOf(l), n.key, l < 0 && !slices.has(l));
        }
      }
      for (const c of sl.out[n.id] || []) if (!slices.has(c)) addEdge(n.key, boxOf(c), false);
    }
  }
  const list = [...edges.values()];
  return cols > 1 ? list.filter((e) => !e.shared) : list;
}
