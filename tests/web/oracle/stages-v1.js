// stages-v1.js — the lab's stages as web/model.js, collapse.js, layer-index.js, kernel-names.js and
// run-budget.js made them from a JSON result's graphs and provenance before they were read off columns
// (git show a7896f0:web/…), kept verbatim as the specification of what the page receives: the stable keys,
// layers, how / from, changed flags, per-layer summaries, layer slices, kernel names and the run footprint.
// tests/web/stage-columns.test.js compares the column path with it on results of the native CLI. Only tests
// import it.

import { opClass, layerOfName } from '../../../web/ops.js';

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

const SHARED_LAYER = -1;

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


/** {groups: [{layer, count, ops}] by layer (-1, the shared inputs, first), groupEdges: [[from, to]]}. */
function summarize(stage) {
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

const VIEWS = new Set(['reshape', 'transpose']);
const LEAVES = new Set(['input', 'param', 'const']);

const WEIGHTS = {
  wq: 'Q projection', wk: 'K projection', wv: 'V projection', wo: 'O projection',
  w_gate: 'gate projection', w_up: 'up projection', w_down: 'down projection', lm_head: 'LM head',
};

/** "3.wq·diag(3.attn_norm)" → "wq" (the layer prefix and a folded norm weight dropped). */
function weightBase(name) {
  return String(name || '').replace(/^[0-9]{1,4}\./, '').replace(/·.*$/, '');
}

function graphIndex(nodes) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const users = new Map(nodes.map((n) => [n.id, []]));
  for (const n of nodes) for (const i of n.inputs) if (users.has(i)) users.get(i).push(n.id);
  // a view is free: the value behind it is what a kernel reads, and its users are the value's users
  const source = (id) => {
    let n = byId.get(id);
    while (n && VIEWS.has(n.op) && n.inputs.length) n = byId.get(n.inputs[0]);
    return n;
  };
  const consumers = (id, out = []) => {
    for (const u of users.get(id) || []) {
      const un = byId.get(u);
      if (un && VIEWS.has(un.op)) consumers(u, out);
      else out.push(u);
    }
    return out;
  };
  return { byId, source, consumers };
}

/**
 * Per fused kernel: {name, layer, detail, written: [ids], onChip: [ids]}; names are distinct within a layer.
 * kernels: result.fused.kernels; nodes: the last stage's nodes; outputs: its output ids.
 */
export function describeKernels(kernels, nodes, outputs = []) {
  if (!Array.isArray(kernels)) return [];
  if (!Array.isArray(nodes) || !nodes.length) return kernels.map((k) => ({ name: k.label, layer: null, detail: `${k.kind}: ${k.label}`, written: [], onChip: [] }));
  const g = graphIndex(nodes);
  const kernelOf = new Map();
  kernels.forEach((k, ki) => k.nodes.forEach((id) => kernelOf.set(id, ki)));
  const outSet = new Set(outputs.map((o) => (g.source(o) || {}).id));
  const facts = kernels.map((k, ki) => factsOf(k, ki, g, kernelOf));
  // an RMSNorm belongs to the layer whose projections read it (its own weight was folded into them)
  facts.forEach((f, ki) => {
    if (!f.rms) return;
    f.readers = readersOf(kernels[ki], ki, g, kernelOf);
    const ls = [...f.readers].map((j) => facts[j].weightLayer).filter((l) => l !== null);
    if (ls.length) f.layer = Math.min(...ls);
  });
  const layers = new Set(facts.map((f) => f.layer).filter((l) => l !== null));
  const multi = layers.size > 1;
  const out = kernels.map((k, ki) => {
    const f = facts[ki];
    const written = [];
    const onChip = [];
    for (const id of k.nodes) {
      const leaves = outSet.has(id) || g.consumers(id).some((u) => kernelOf.get(u) !== ki);
      (leaves ? written : onChip).push(id);
    }
    const base = nameOf(k, ki, f, facts, g, kernelOf);
    return { name: multi && f.layer !== null ? `L${f.layer} ${base}` : base, layer: f.layer, detail: `${k.kind}: ${k.label}`, written, onChip };
  });
  // two kernels of one layer alike in every fact (an unusual pipeline): number them rather than repeat a name
  const seen = new Map();
  for (const d of out) {
    const n = (seen.get(d.name) || 0) + 1;
    seen.set(d.name, n);
    if (n > 1) d.name = `${d.name} (${n})`;
  }
  return out;
}


function factsOf(k, ki, g, kernelOf) {
  const inside = new Set(k.nodes);
  const ns = k.nodes.map((id) => g.byId.get(id)).filter(Boolean);
  const ops = new Set(ns.map((n) => n.op));
  const outsideIn = (n) => n.inputs.map((i) => g.source(i)).filter((s) => s && !inside.has(s.id));
  const main = ns.find((n) => n.op === 'matmul' || n.op === 'flash_attn' || n.op === 'kv_write') || null;
  let weight = null;
  if (main && main.op === 'matmul') {
    const w = main.inputs.map((i) => g.source(i)).find((s) => s && s.op === 'param');
    if (w) weight = weightBase(w.name);
  }
  const isMask = (s) => s.op === 'causal_mask' || /mask/.test(s.name || '');
  const f = {
    ops, main, weight,
    rope: ops.has('rot_pairs'),
    silu: ops.has('silu') || (ops.has('neg') && ops.has('exp') && ops.has('div') && !ops.has('sum')),
    rms: ops.has('rms_norm') || (ops.has('rsqrt') && ops.has('sum')),
    softmax: ops.has('softmax') || (ops.has('exp') && ops.has('sum') && ops.has('div') && !ops.has('rsqrt')),
    residual: false, square: false, scale: false, mask: false, gated: false,
    cache: null,
    layer: null,
  };
  for (const n of ns) {
    if (n === main) continue;
    const outs = outsideIn(n);
    if (n.op === 'add') {
      if (outs.some(isMask)) f.mask = true;
      else if (outs.some((s) => s.op !== 'const' && s.op !== 'param')) f.residual = true;
    } else if (n.op === 'mul') {
      if (n.inputs.length === 2 && n.inputs[0] === n.inputs[1]) f.square = true;
      else if (outs.some((s) => s.op === 'const') && !f.rope) f.scale = true;
      else if (outs.some((s) => !LEAVES.has(s.op))) f.gated = true;
    }
  }
  if (main && main.op === 'kv_write') {
    const c = main.inputs.map((i) => g.source(i)).find((s) => s && /cache/.test(s.name || ''));
    f.cache = c ? weightBase(c.name) : null;
  }
  // layer: the weight's ("3.wq"), else the latest of its nodes' (model.js): a kernel that ends one layer and
  // starts the next's RMSNorm (x² after the down projection) is named by its weight, the RMSNorm's rest by its rows
  const wl = main && main.op === 'matmul' ? main.inputs.map((i) => g.source(i)).find((s) => s && s.op === 'param') : null;
  const lm = wl ? /^([0-9]{1,4})\./.exec(wl.name || '') : null;
  const ls = ns.map((n) => n.layer).filter((l) => Number.isInteger(l) && l >= 0);
  f.weightLayer = lm ? Number(lm[1]) : null;
  if (lm) f.layer = Number(lm[1]);
  else if (ls.length) f.layer = Math.max(...ls);
  f.inputsFrom = new Set(ns.flatMap((n) => outsideIn(n)).map((s) => kernelOf.get(s.id)).filter((x) => x !== undefined && x !== ki));
  return f;
}

function readersOf(k, ki, g, kernelOf) {
  const readers = new Set();
  for (const id of k.nodes) for (const u of g.consumers(id)) { const j = kernelOf.get(u); if (j !== undefined && j !== ki) readers.add(j); }
  return readers;
}

function nameOf(k, ki, f, facts, g, kernelOf) {
  const main = f.main;
  if (main && main.op === 'flash_attn') return 'attention (flash_attn)';
  if (main && main.op === 'kv_write') {
    const which = f.cache === 'k_cache' ? 'K' : f.cache === 'v_cache' ? 'V' : null;
    return which ? `${which} cache write` : 'cache write';
  }
  const parts = [];
  if (main && main.op === 'matmul') {
    if (f.weight) parts.push(WEIGHTS[f.weight] || `${f.weight} projection`);
    else if (f.scale || f.mask) parts.push('attention scores Q·Kᵀ');
    else if ([...f.inputsFrom].some((j) => facts[j].softmax)) parts.push('attention output P·V');
    else parts.push('matmul');
    if (f.rope) parts.push('+ RoPE');
    if (f.silu) parts.push('+ SiLU');
    if (f.gated) parts.push([...f.inputsFrom].some((j) => facts[j].silu) ? '× SiLU(gate)' : '× gate');
    if (f.scale && !f.weight) parts.push('× scale');
    if (f.mask) parts.push('+ mask');
    if (f.residual) parts.push('+ residual');
    if (f.square) parts.push('+ x² (next RMSNorm)');
    return parts.join(' ');
  }
  if (f.rms) {
    // which projection reads the normalised rows
    const ws = [...f.readers].map((j) => facts[j].weight);
    const where = ws.some((w) => w === 'wq' || w === 'wk' || w === 'wv') ? 'attention '
      : ws.some((w) => w === 'w_gate' || w === 'w_up') ? 'MLP ' : ws.some((w) => w === 'lm_head') ? 'final ' : '';
    return `${where}RMSNorm`;
  }
  if (f.softmax) return 'attention softmax';
  if (f.silu) return 'SiLU';
  return k.label;
}


/**
 * The bytes of float64 values a numeric run of this analysis result needs, as the core's budget counts them
 * (c/src/io/case_run.c check_budget: for each stage's graph, every node's elements × 8; the largest stage
 * decides): {bytes, stage, node: [id, op, shape]} or null when the result has no graphs.
 */
export function runFootprint(result) {
  const graphs = result && result.graphs;
  // the analysis worker counts it before it drops the graphs (analysis-core.js)
  if (!graphs && result && result.lab_run_footprint) return result.lab_run_footprint;
  if (!graphs || typeof graphs !== 'object') return null;
  const bind = result.bind || {};
  let best = null;
  for (const [stage, g] of Object.entries(graphs)) {
    let total = 0;
    let big = null;
    let bigN = -1;
    for (const node of (g && g.nodes) || []) {
      let n = 1;
      for (const dim of node[4] || []) n *= typeof dim === 'number' ? dim : Number(bind[dim]);
      total += n;
      if (n > bigN) {
        bigN = n;
        big = node;
      }
    }
    if (!best || total * 8 > best.bytes) best = { bytes: total * 8, stage, node: big && [big[0], big[1], big[4]] };
  }
  return best;
}

