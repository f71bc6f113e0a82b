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

/** The same summary of a stage of a column table (model.js stageTable), from its layer column: computed once
 *  per stage (a stage that kept its structure keeps it), {groups, groupEdges, layers}. */
export function summarizeColumns(table, st) {
  if (st.summary) return st.summary;
  const { g, n, layer } = st;
  let lo = 0, hi = 0;
  for (let i = 0; i < n; i++) {
    if (layer[i] < lo) lo = layer[i];
    if (layer[i] > hi) hi = layer[i];
  }
  const span = hi - lo + 1;
  const count = new Int32Array(span), ops = new Int32Array(span);
  const leafOp = [];     // per op string: its class is LEAF
  for (let i = 0; i < n; i++) {
    count[layer[i] - lo]++;
    const o = g.op[i];
    if (!(leafOp[o] ?? (leafOp[o] = table.sf.cls(o) === 'LEAF'))) ops[layer[i] - lo]++;
  }
  const groups = [];
  for (let l = 0; l < span; l++) if (count[l]) groups.push({ layer: l + lo, count: count[l], ops: ops[l] });
  // the layer pairs seen: a byte per pair up to the lab's 1024 layers (1 MiB), else a set
  const bits = span <= 1025 ? new Uint8Array(span * span) : null;
  const seen = bits ? null : new Set();
  const groupEdges = [];
  for (let u = 0; u < n; u++) {
    const lu = layer[u];
    for (let k = g.inStart[u]; k < g.inStart[u + 1]; k++) {
      const x = g.ins[k];
      if (!(x >= 0 && x < n) || layer[x] === lu) continue;
      const ek = (layer[x] - lo) * span + (lu - lo);
      if (bits ? bits[ek] : seen.has(ek)) continue;
      if (bits) bits[ek] = 1;
      else seen.add(ek);
      groupEdges.push([layer[x], lu]);
    }
  }
  st.summary = { groups, groupEdges, layers: Math.max(0, hi) + 1 };
  return st.summary;
}
