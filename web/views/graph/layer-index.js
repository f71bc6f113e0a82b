// views/graph/layer-index.js — which layer each node of a stage is in, counted: the boxes of the collapsed
// (one box per layer) grid and the chain between them. A node's layer comes from the model (model.js: the
// "{i}." prefix of its params, or the layer of the nodes it came from); -1 is the shared inputs & constants.
// No DOM: the analysis worker summarises big results with it too.

/** {groups: [{layer, count, ops}] by layer (-1, the shared inputs, first), groupEdges: [[from, to]]}. */
export function summarize(stage) {
  const groups = new Map();
  for (const n of stage.nodes) {
    let g = groups.get(n.layer);
    if (!g) groups.set(n.layer, (g = { layer: n.layer, count: 0, ops: 0 }));
    g.count++;
    if (n.cls !== 'LEAF') g.ops++;
  }
  const seen = new Set();
  const groupEdges = [];
  for (const n of stage.nodes) {
    for (const i of n.inputs) {
      const src = stage.nodes[i];
      if (!src || src.layer === n.layer) continue;
      const ek = `${src.layer}>${n.layer}`;
      if (seen.has(ek)) continue;
      seen.add(ek);
      groupEdges.push([src.layer, n.layer]);
    }
  }
  return { groups: [...groups.values()].sort((a, b) => a.layer - b.layer), groupEdges };
}
