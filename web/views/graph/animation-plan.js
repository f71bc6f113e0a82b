// views/graph/animation-plan.js — what a pass step animates, without the DOM: from the drawn visual graph of
// one stage to that of another, each node's from/to frame ({x, y, s: scale, o: opacity}) and role, and the
// edges with the phase they fade in. The pass's provenance (node.from) says where a node comes from or goes:
//   stay / move: the same key in both pictures (in place, or to its new place);
//   enter: a node the pass made, grown out of the node(s) it came from;
//   merge: a node the pass removed into others (cse, fusion), flown into the node(s) that absorbed it;
//   leave: a node the pass removed outright (dce), faded out where it was.
// Stepping backwards (adjacent, index - 1) plays the same story in reverse.

/** The mean of the points given (nulls skipped), or null. */
export function centroid(points) {
  const ps = points.filter(Boolean);
  if (!ps.length) return null;
  let x = 0, y = 0;
  for (const p of ps) { x += p.x; y += p.y; }
  return { x: x / ps.length, y: y / ps.length };
}

/**
 * prev / vis: visual graphs {nodes: Map key → vnode {key, x, y, group, node}, edges, visKey, edgeKeys?} of
 * the stages prevStage / stage. adjacent: the two are one pass apart (otherwise nodes just fade).
 * Returns {elements (targets, then ghosts), byKey, edges (with phase 'both' | 'in' | 'out')}.
 */
export function animationPlan(prev, prevStage, vis, stage, adjacent) {
  const elements = [];
  const byKey = new Map();
  const at = (v, s = 1, o = 1) => ({ x: v.x, y: v.y, s, o });
  // which pass connects the two stages, and in which direction
  let forward = null;
  if (adjacent && prevStage && stage) {
    if (stage.index === prevStage.index + 1) forward = true;
    else if (stage.index === prevStage.index - 1) forward = false;
  }
  const later = forward === null ? null : forward ? stage : prevStage;     // stage holding the provenance
  const earlier = forward === null ? null : forward ? prevStage : stage;
  const posIn = (visG, st, id) => {
    const n = st.nodes[id];
    if (!n) return null;
    return visG.nodes.get(visG.visKey(n)) || null;
  };
  const visOfLater = forward ? vis : prev;
  const visOfEarlier = forward ? prev : vis;
  // consumers[id of earlier] = later nodes whose `from` lists it
  const consumers = new Map();
  if (later) {
    for (const n of later.nodes) for (const f of n.from || []) {
      if (!consumers.has(f)) consumers.set(f, []);
      consumers.get(f).push(n);
    }
  }
  // targets
  for (const v of vis.nodes.values()) {
    const to = at(v);
    let from;
    let role = 'enter';
    const old = prev.nodes.get(v.key);
    if (old) {
      from = at(old);
      role = old.x === v.x && old.y === v.y ? 'stay' : 'move';
    } else if (later && !v.group) {
      const n = v.node;
      let origin = null;
      if (forward) origin = centroid((n.from || []).map((id) => posIn(visOfEarlier, earlier, id)));
      else origin = centroid((consumers.get(n.id) || []).map((m) => posIn(visOfLater, later, m.id)));
      from = origin ? { x: origin.x, y: origin.y, s: 0.3, o: 0 } : { ...to, s: 0.3, o: 0 };
    } else from = { ...to, s: 0.6, o: 0 };
    const d = { key: v.key, v, from, to, ghost: false, role };
    elements.push(d);
    byKey.set(v.key, d);
  }
  // ghosts: drawn before, not any more
  for (const v of prev.nodes.values()) {
    if (vis.nodes.has(v.key)) continue;
    const from = at(v);
    let dest = null;
    let removed = false;
    if (later && !v.group) {
      const n = v.node;
      if (forward) {
        const cs = consumers.get(n.id) || [];
        dest = centroid(cs.map((m) => posIn(vis, stage, m.id)));
        removed = cs.length === 0;
      } else {
        dest = centroid((n.from || []).map((id) => posIn(vis, stage, id)));
        removed = !(n.from && n.from.length);
      }
    }
    const to = dest ? { x: dest.x, y: dest.y, s: 0.4, o: 0 } : { ...from, s: removed ? 0.8 : 0.6, o: 0 };
    const d = { key: v.key, v, from, to, ghost: true, removed, role: dest ? 'merge' : 'leave' };
    elements.push(d);
    byKey.set(v.key, d);
  }
  // edges
  const edges = [];
  const seen = new Set();
  for (const e of vis.edges) {
    seen.add(e.key);
    edges.push({ ...e, phase: prev.edgeKeys && prev.edgeKeys.has(e.key) ? 'both' : 'in' });
  }
  for (const e of prev.edges) if (!seen.has(e.key)) edges.push({ ...e, phase: 'out' });
  return { elements, byKey, edges };
}

/** The plan of a picture that does not move: every node where it is, every edge shown. */
export function stillPlan(vis) {
  const elements = [];
  const byKey = new Map();
  for (const v of vis.nodes.values()) {
    const p = { x: v.x, y: v.y, s: 1, o: 1 };
    const d = { key: v.key, v, from: p, to: p, ghost: false, role: 'stay' };
    elements.push(d);
    byKey.set(v.key, d);
  }
  return { elements, byKey, edges: vis.edges.map((e) => ({ ...e, phase: 'both' })) };
}
