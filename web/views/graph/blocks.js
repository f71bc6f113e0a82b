// views/graph/blocks.js — semantic zoom by structure: a stage's boxes folded into labelled groups by the block
// each node was emitted in, so that whatever is drawn is drawn with a readable label.
//
// Blocks are the core's (c/src/front/tracer.c gl_tracer_enter: the built-in layer's "attention/qkv",
// "attention/rope", "mlp/swiglu", …; a program's function calls, "block/MLP.__call__"), carried through the
// passes by provenance (c/src/io/stage_keys.c), so a group keeps its key from stage to stage and a pass step
// moves only what it changed. Folding at depth d draws every node whose block path has d or more parts as the
// group of its first d parts, unless the user opened that group (then one level deeper); a leaf (a weight, an
// input) all of whose readers fold into one group folds into it too. Pure functions (no DOM).

import { textWidth } from './collapse.js';
import { t } from '../../i18n/i18n.js';

/** How many leading path parts every block of these stages shares (a program whose traced function wraps
 *  everything: its name says nothing), and the deepest path below them. {strip, depth} (depth 0: no blocks). */
export function blockDepths(stages) {
  let common = null;
  let deepest = 0;
  for (const s of stages) {
    if (!s.nodes) continue;
    for (const n of s.nodes) {
      if (!n.block) continue;
      const parts = n.block.split('/');
      if (common === null) common = parts.slice(0, -1);
      else {
        let i = 0;
        while (i < common.length && i < parts.length - 1 && common[i] === parts[i]) i++;
        common.length = i;
      }
      deepest = Math.max(deepest, parts.length);
    }
  }
  const strip = common ? common.length : 0;
  return { strip, depth: Math.max(0, deepest - strip) };
}

/** The group key and path of node n at fold depth `depth` ({key, path} or null: drawn itself). */
export function groupOf(n, depth, strip, open) {
  if (!n.block) return null;
  const parts = n.block.split('/').slice(strip);
  for (let i = depth; i <= parts.length; i++) {
    const path = parts.slice(0, i).join('/');
    const key = `B${n.layer}:${path}`;
    if (!open.has(key)) return { key, path };
  }
  return null;
}

/** The keys of every group (at any depth) holding a node the pass that made `stage` made or rewrote (its
 *  provenance's how is not "kept"): a Set, empty for the first stage or a stage without provenance. */
export function changedBlocks(stage, strip) {
  const out = new Set();
  const pn = stage.prov && stage.prov.nodes;
  if (!pn) return out;
  stage.nodes.forEach((n, i) => {
    const how = pn[i] && pn[i].how;
    if (!n.block || !how || how === 'kept') return;
    const parts = n.block.split('/').slice(strip);
    for (let d = 1; d <= parts.length; d++) out.add(`B${n.layer}:${parts.slice(0, d).join('/')}`);
  });
  return out;
}

/** A group's short name: its path's last part, a method's class ("MLP.__call__" → "MLP"). */
export function groupName(path) {
  const last = path.slice(path.lastIndexOf('/') + 1);
  const m = /^(.+)\.(__call__|forward)$/.exec(last);
  return m ? m[1] : last;
}

/**
 * A stage's visual graph ({nodes: Map key → vnode, edges} of grouping.js stageGraph) folded at `depth`:
 * {nodes, edges, groupOfKey: Map node key → group key}. open: the group keys the user opened; inst: presentation's
 * bigger letters; boxH: a box's height.
 */
export function foldStage(vis, depth, strip, open, { inst = false, boxH = 24, width = null } = {}) {
  const gOf = new Map();    // node key → group key
  const groups = new Map(); // group key → vnode
  const users = new Map();  // leaf key → Set of its readers' drawn keys
  for (const e of vis.edges) {
    const s = vis.nodes.get(e.s);
    if (s && !s.node.inputs.length) {
      let u = users.get(e.s);
      if (!u) users.set(e.s, (u = []));
      u.push(e.t);
    }
  }
  const member = (k, id, g, path, layer, isOp) => {
    gOf.set(k, g);
    let v = groups.get(g);
    if (!v) {
      v = { key: g, group: true, blockGroup: true, block: path, layer, count: 0, ops: 0, cls: 'GROUP', members: [], memberIds: [] };
      groups.set(g, v);
    }
    v.count++;
    if (isOp) v.ops++;
    v.members.push(k);
    v.memberIds.push(id);
  };
  for (const [k, v] of vis.nodes) {
    if (!v.node.inputs.length) continue;
    const g = groupOf(v.node, depth, strip, open);
    if (g) member(k, v.node.id, g.key, g.path, v.node.layer, true);
  }
  // a leaf goes with its readers when they are all in one group
  for (const [k, v] of vis.nodes) {
    if (v.node.inputs.length) continue;
    const us = users.get(k);
    if (!us || !us.length) continue;
    const g = gOf.get(us[0]);
    if (g && us.every((u) => gOf.get(u) === g)) member(k, v.node.id, g, groups.get(g).block, groups.get(g).layer, false);
  }
  if (!groups.size) return { nodes: vis.nodes, edges: vis.edges, groupOfKey: gOf };
  const tw = width || ((t) => textWidth(t, inst));
  const nodes = new Map();
  for (const [k, v] of vis.nodes) {
    const g = gOf.get(k);
    if (!g) nodes.set(k, v);
    else if (!nodes.has(g)) {
      const gv = groups.get(g);
      gv.label = `${groupName(gv.block)} ▸ ${gv.count}`;
      gv.long = t('graph.block.long', { block: gv.block.replace(/\//g, ' / '), nodes: gv.count, ops: gv.ops });
      gv.w = tw(gv.label) + 12;
      gv.h = boxH + 6;
      nodes.set(g, gv);
    }
  }
  const edges = new Map();
  for (const e of vis.edges) {
    const s = gOf.get(e.s) || e.s, t = gOf.get(e.t) || e.t;
    if (s === t) continue;
    const key = `${s}>${t}`;
    if (!edges.has(key)) edges.set(key, s === e.s && t === e.t ? e : { ...e, key, s, t });
  }
  return { nodes, edges: [...edges.values()], groupOfKey: gOf };
}
