// kernel-names.js — names for fused kernels that say what they are, read off what they contain: the weight
// the matmul reads ("wq" → "Q projection"), its epilogues (rot_pairs → RoPE, neg·exp·add·div → SiLU, an add
// of an outside value → residual), the matched attention, the cache a kv_write fills, and for a row-wise
// kernel which projection its result feeds (RMSNorm before Q/K/V = "attention RMSNorm"). The op label
// ("matmul+mul+rot_pairs+add") stays the detail. Also, per kernel, which values it writes back and which stay
// on chip (what fusion saved). Pure: nodes as model.js decodes them ({id, op, inputs, shape, name, layer}).

import { copyBuffers } from './result-pack.js';

const VIEWS = new Set(['reshape', 'transpose']);
const LEAVES = new Set(['input', 'param', 'const']);

const WEIGHTS = {
  wq: 'Q projection', wk: 'K projection', wv: 'V projection', wo: 'O projection',
  w_gate: 'gate projection', w_up: 'up projection', w_down: 'down projection', lm_head: 'LM head',
};

/** "3.wq·diag(3.attn_norm)" → "wq" (the layer prefix and a folded norm weight dropped). */
export function weightBase(name) {
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

/** Elements of a shape; a symbolic dimension ("S") takes its value from the result's bind ({S: 16}). */
const elements = (shape, bind = {}) => (Array.isArray(shape)
  ? shape.reduce((a, b) => a * (typeof b === 'number' ? b : Number(bind && bind[b])), 1) : NaN);

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

/** Bytes of one value (elements × element size; symbolic dimensions from bind). */
export function valueBytes(node, elemBytes, bind = {}) {
  return elements(node && node.shape, bind) * elemBytes;
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

/** {id: [op, shape, bytes]} for the values of the fused kernels (what the memory plan places and the
 *  kernels keep on chip), so a panel can name them without the graph. */
export function describeValues(kernels, nodes, elemBytes, bind = {}) {
  const out = {};
  if (!Array.isArray(kernels) || !Array.isArray(nodes)) return out;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  for (const k of kernels) {
    for (const id of k.nodes) {
      const n = byId.get(id);
      if (n) out[id] = [n.op, n.shape, valueBytes(n, elemBytes, bind)];
    }
  }
  return out;
}

/** describeValues' table in result-pack.js's columns ({t: 'dict', keys, vals}, what the page's unpackResult
 *  reads), made without its rows: ids are the fused kernels' node ids (an Int32Array, kernel after kernel). */
export function describeValuesTable(ids, nodes, elemBytes, bind = {}) {
  return valuesTable(valueFacts(ids, nodes, bind), elemBytes);
}

/** What describeValuesTable reads off the graph (keys, op and shape columns, elements per value): the same
 *  for every element size, so an analysis that keeps its graph keeps these (valuesTable makes the table). */
export function valueFacts(ids, nodes, bind = {}) {
  const nodeAt = (id) => {
    const n = nodes[id];
    return n && n.id === id ? n : nodes.find((m) => m.id === id);
  };
  let max = -1;
  for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
  const seen = new Uint8Array(max + 1);
  for (let i = 0; i < ids.length; i++) if (ids[i] >= 0) seen[ids[i]] = 1;
  const keys = [];
  const vals = [];
  for (let id = 0; id <= max; id++) {
    if (!seen[id]) continue;
    const n = nodeAt(id);
    if (n) { keys.push(id); vals.push(n); }
  }
  const m = keys.length;
  // op: a dictionary; shape: a list of dimensions (a symbol's "S" as a string); elements (NaN: unbound)
  const dict = [], dictAt = new Map(), idx = new Int32Array(m);
  const off = new Int32Array(m + 1);
  const elems = new Float64Array(m);
  let nd = 0, sym = false;
  for (let i = 0; i < m; i++) {
    const n = vals[i];
    let j = dictAt.get(n.op);
    if (j === undefined) { j = dict.length; dict.push(n.op); dictAt.set(n.op, j); }
    idx[i] = j;
    const shape = Array.isArray(n.shape) ? n.shape : [];
    nd += shape.length;
    off[i + 1] = nd;
    for (const d of shape) if (typeof d !== 'number') sym = true;
    elems[i] = elements(n.shape, bind);
  }
  const nums = new Float64Array(nd);
  const strs = sym ? { dict: [], at: new Map(), idx: new Int32Array(nd).fill(-1) } : null;
  for (let i = 0, p = 0; i < m; i++) {
    for (const d of Array.isArray(vals[i].shape) ? vals[i].shape : []) {
      if (typeof d === 'number') nums[p] = Number.isFinite(d) ? d + 0 : NaN;
      else {
        nums[p] = NaN;
        const s = String(d);
        let j = strs.at.get(s);
        if (j === undefined) { j = strs.dict.length; strs.dict.push(s); strs.at.set(s, j); }
        strs.idx[p] = j;
      }
      p++;
    }
  }
  const numCol = { t: 'f64', n: nd, data: nums };
  const items = sym ? { t: 'mix', n: nd, nums: numCol, strs: { t: 'str', n: nd, dict: strs.dict, idx: strs.idx } } : numCol;
  return { keys: { t: 'istr', n: m, data: Int32Array.from(keys) }, op: { t: 'str', n: m, dict, idx }, shape: { t: 'list', n: m, off, items }, elems };
}

/** The values' table of valueFacts at one element size: its own copies of the columns (a transfer detaches
 *  them), bytes = elements × element size (valueBytes; null, as NaN, when a dimension is unbound). */
export function valuesTable(facts, elemBytes) {
  const m = facts.elems.length;
  const bytes = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const b = facts.elems[i] * elemBytes;
    bytes[i] = Number.isFinite(b) ? b + 0 : NaN;
  }
  const copy = copyBuffers({ keys: facts.keys, op: facts.op, shape: facts.shape });
  return { t: 'dict', keys: copy.keys, vals: { t: 'tup', n: m, len: 3, cols: [copy.op, copy.shape, { t: 'f64', n: m, data: bytes }] } };
}
