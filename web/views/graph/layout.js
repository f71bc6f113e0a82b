// views/graph/layout.js — the layout step: where the boxes of a visual graph go. Graphs drawn node by node
// are laid out by dagre in the layout worker (layout-client.js), cached by *structure* (node keys, box sizes,
// edges) across results: d, T, … change shapes, not nodes, labels or edges, so moving a slider reuses every
// stage's layout (dagre is ~30-100 ms for one 8B layer's 60 nodes). LRU, bounded. A grid of layer boxes
// (grid.js) costs ~1 ms and is cached by its own signature the same way.

import { createLayoutClient } from './layout-client.js';
import { gridLayout } from './grid.js';

const SHAPE_CACHE_MAX = 48;
const GRID_CACHE_MAX = 16;

/** dagre's input in insertion order as one string: the same string means the same layout. */
export function layoutSignature(nodes, edges, opts = null) {
  let sig = opts ? JSON.stringify(opts) : '';
  for (const v of nodes.values()) sig += `${v.key}:${v.w}:${v.h};`;
  sig += '|';
  for (const e of edges) sig += `${e.s}>${e.t};`;
  return sig;
}

/**
 * onReady(): a layout the drawn stage waits for (asked for with urgent) has arrived.
 * Returns {dagreShape, gridShape, beginDraw, cancelSuperseded, cancelWarm}.
 */
export function createLayouts({ url, type = 'module', dagre, onReady }) {
  const shapeCache = new Map();
  const gridCache = new Map();
  const pendingKeys = new Map();   // sig → node keys in the order sent to the worker
  let wanted = new Set();          // sigs the drawn (or to be drawn) stage waits for
  const client = createLayoutClient({
    url, type, dagre,
    onLayout(sig, r) {
      const keys = pendingKeys.get(sig);
      pendingKeys.delete(sig);
      if (!keys) return;
      const pos = new Map();
      keys.forEach((k, i) => pos.set(k, r.pos[i]));
      while (shapeCache.size >= SHAPE_CACHE_MAX) shapeCache.delete(shapeCache.keys().next().value);
      shapeCache.set(sig, { pos, width: r.width, height: r.height });
      if (wanted.has(sig)) onReady();
    },
  });

  /** dagre's positions {pos: Map key → [x, y], width, height} for these nodes (Map key → {key, w, h}) and
   *  edges ({s, t}): from the cache, or null and asked for. */
  function dagreShape(nodes, edgeIter, urgent, opts = null) {
    const edges = [...edgeIter];
    const sig = layoutSignature(nodes, edges, opts);
    const shape = shapeCache.get(sig);
    if (shape) {
      shapeCache.delete(sig);                // most recently used last
      shapeCache.set(sig, shape);
      return shape;
    }
    if (urgent) wanted.add(sig);
    if (!pendingKeys.has(sig)) pendingKeys.set(sig, [...nodes.keys()]);
    client.request(sig, [...nodes.values()].map((v) => [v.key, v.w, v.h]), edges.map((e) => [e.s, e.t]), urgent, opts);
    return null;
  }

  /** The grid of layer boxes (grid.js gridLayout's args); shared by sig unless `shareable` is false (opened
   *  layers: their blocks' inner positions are not in the signature). */
  function gridShape(sig, args, shareable) {
    let grid = shareable ? gridCache.get(sig) : null;
    if (!grid) {
      grid = gridLayout(args);
      if (shareable) {
        while (gridCache.size >= GRID_CACHE_MAX) gridCache.delete(gridCache.keys().next().value);
        gridCache.set(sig, grid);
      }
    }
    return grid;
  }

  const drop = (sigs) => { for (const sig of sigs) pendingKeys.delete(sig); };
  return {
    dagreShape,
    gridShape,
    /** A new draw: what the previous one waited for no longer matters. */
    beginDraw() { wanted = new Set(); },
    /** Cancels the urgent layouts the current draw does not wait for (superseded). */
    cancelSuperseded() { drop(client.cancel((s, urgent) => urgent && !wanted.has(s))); },
    /** Cancels the warm-ups (a new result: warm() asks again for what is still needed). */
    cancelWarm() { drop(client.cancel((s, urgent) => !urgent)); },
  };
}
