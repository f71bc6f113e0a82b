// model.js — turns a runCase result into the stages the views draw.
//
// Every node of every stage gets a *stable key* that survives renumbering: the trace's node i is "n<i>";
// a node a pass kept (or merged others into) inherits the key of the node it came from; a node a pass
// made (replaced / expanded / folded / created) gets a fresh key. Views join DOM elements on these keys,
// so stepping a pass moves the same element instead of redrawing everything.
// Nodes also get a layer index (for collapsing stacks): from the "{i}." prefix of param names on the
// trace, propagated forward (a node belongs to the latest layer among its inputs), then carried through
// the passes by provenance (a primitive expanded from layer 3's rms_norm is in layer 3).

import { opClass, layerOfName } from './ops.js';

function decodeNode(arr) {
  const [id, op, inputs, attrs, shape, name] = arr;
  return { id, op, inputs: inputs || [], attrs: attrs || {}, shape: shape || [], name: name || '', cls: opClass(op) };
}

function provLookup(prov) {
  // nodes: {"new id": {how, from}} → array by new id
  const by = new Map();
  if (prov && prov.nodes) for (const [k, v] of Object.entries(prov.nodes)) by.set(Number(k), v);
  return by;
}

function traceLayers(nodes) {
  const layer = new Array(nodes.length).fill(0);
  const users = nodes.map(() => []);
  for (const n of nodes) for (const i of n.inputs) if (users[i]) users[i].push(n.id);
  for (const n of nodes) {
    const l = layerOfName(n.name);
    if ((n.op === 'param' || n.op === 'input') && l !== null) layer[n.id] = l;   // "3.k_cache" too
    else if (n.inputs.length) layer[n.id] = Math.max(0, ...n.inputs.map((i) => layer[i] ?? 0));
  }
  return layer;
}

export const SHARED_LAYER = -1;

/** Leaves without a layer prefix (consts, inputs, RoPE tables) sit with their users' layer, or in the
 *  shared group when several layers use them. */
function placeLeaves(nodes) {
  const users = nodes.map(() => []);
  for (const n of nodes) for (const i of n.inputs) if (users[i]) users[i].push(n);
  for (const n of nodes) {
    if (n.inputs.length || layerOfName(n.name) !== null || !users[n.id].length) continue;
    const ls = new Set(users[n.id].map((u) => u.layer));
    n.layer = ls.size === 1 ? [...ls][0] : SHARED_LAYER;
  }
}

function graphKeys(result) {
  const g = result.graphs || {};
  const keys = Object.keys(g);
  return keys;
}

/**
 * Builds [{index, key, name, nodes, outputs, counts, prov, changed, byId}] from a result.
 * Returns [] when the result has no graphs.
 */
export function buildStages(result) {
  const passes = result.passes || [];
  const gkeys = graphKeys(result);
  const provs = Array.isArray(result.provenance) ? result.provenance : [];
  const stages = [];
  for (let i = 0; i < passes.length; i++) {
    const p = passes[i];
    const gk = gkeys[i] ?? p.name;
    const gr = result.graphs ? result.graphs[gk] : null;
    const nodes = gr ? gr.nodes.map(decodeNode) : [];
    stages.push({
      index: i,
      key: gk,
      name: p.name,
      counts: { nodes: p.nodes, ops: p.ops, hits: p.hits ?? null },
      nodes,
      outputs: gr ? gr.outputs || [] : [],
      inputNames: gr ? gr.input_names || {} : {},
      prov: i > 0 ? provs[i - 1] || null : null,
      changed: true,
    });
  }
  // stable keys and layers
  for (const st of stages) {
    if (st.index === 0) {
      const layers = traceLayers(st.nodes);
      for (const n of st.nodes) {
        n.key = 'n' + n.id;
        n.layer = layers[n.id];
      }
      placeLeaves(st.nodes);
      continue;
    }
    const prev = stages[st.index - 1];
    const by = provLookup(st.prov);
    const usable = st.prov && by.size === st.nodes.length;
    let layers = null;
    for (const n of st.nodes) {
      const pv = usable ? by.get(n.id) : null;
      n.how = pv ? pv.how : null;
      n.from = pv && Array.isArray(pv.from) ? pv.from.filter((x) => prev.nodes[x]) : [];
      if (pv && (pv.how === 'kept' || pv.how === 'merged') && n.from.length) {
        n.key = prev.nodes[n.from[0]].key;
      } else {
        n.key = `s${st.index}n${n.id}`;
      }
      if (n.from.length) {
        const fl = n.from.map((x) => prev.nodes[x].layer).filter((l) => l !== SHARED_LAYER);
        n.layer = fl.length ? Math.min(...fl) : SHARED_LAYER;
      } else {
        const l = layerOfName(n.name);
        if (l !== null) n.layer = l;
        else {
          layers = layers || traceLayers(st.nodes);
          n.layer = layers[n.id];
        }
      }
    }
    placeLeaves(st.nodes);
    // a key must be unique within a stage: if provenance sent two nodes to one key, re-key the later ones
    const seen = new Set();
    for (const n of st.nodes) {
      if (seen.has(n.key)) n.key = `s${st.index}n${n.id}`;
      seen.add(n.key);
    }
    // did the pass change anything?
    const p = st.prov;
    if (usable) {
      st.changed = (p.removed && p.removed.length > 0) || st.nodes.some((n) => n.how !== 'kept') ||
        st.nodes.length !== prev.nodes.length || st.nodes.some((n) => n.from.length !== 1 || !sameNode(n, prev.nodes[n.from[0]], prev, st));
    } else {
      st.changed = !(st.counts.nodes === prev.counts.nodes && st.counts.ops === prev.counts.ops && !st.counts.hits);
    }
  }
  for (const st of stages) st.byKey = new Map(st.nodes.map((n) => [n.key, n]));
  return stages;
}

function sameNode(n, o, prevStage, st) {
  if (!o || n.op !== o.op || n.inputs.length !== o.inputs.length) return false;
  for (let k = 0; k < n.inputs.length; k++) {
    const a = st.nodes[n.inputs[k]];
    const b = prevStage.nodes[o.inputs[k]];
    if (!a || !b || a.key !== b.key) return false;
  }
  return true;
}

/** Number of layers present in a stage (max layer index + 1). */
export function layerCount(stage) {
  let m = 0; // the shared group (-1) is not a layer
  for (const n of stage.nodes) if (n.layer > m) m = n.layer;
  return m + 1;
}

/** Kernel membership for a stage's nodes: Map node id → kernel index (views count as their base's kernel). */
export function kernelOf(stage, kernels) {
  const m = new Map();
  (kernels || []).forEach((k, ki) => {
    for (const id of k.nodes) m.set(id, ki);
  });
  return m;
}

/** Decodes {shape, f64: base64} into {shape, data: Float64Array}. */
export function decodeArray(a) {
  const bin = atob(a.f64);
  const buf = new ArrayBuffer(bin.length);
  const u8 = new Uint8Array(buf);
  for (let i = 0; i < bin.length; i++) u8[i] = bin.charCodeAt(i);
  return { shape: a.shape, data: new Float64Array(buf) };
}
