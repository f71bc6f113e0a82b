// kernel-names.js — names for fused kernels that say what they are, read off what they contain: the weight
// the matmul reads ("wq" → "Q projection"), its epilogues (rot_pairs → RoPE, neg·exp·add·div → SiLU, an add
// of an outside value → residual), the matched attention, the cache a kv_write fills, and for a row-wise
// kernel which projection its result feeds (RMSNorm before Q/K/V = "attention RMSNorm"). The op label
// ("matmul+mul+rot_pairs+add") stays the detail. Also, per kernel, which values it writes back and which stay
// on chip (what fusion saved). Pure: nodes as model.js decodes them ({id, op, inputs, shape, name, layer}), or a
// column table's last stage as it is (columnsGraph: the 126-layer stack's 6,500 nodes without an object each).

import { copyBuffers } from './result-pack.js';

const WEIGHTS = {
  wq: 'Q projection', wk: 'K projection', wv: 'V projection', wo: 'O projection',
  w_gate: 'gate projection', w_up: 'up projection', w_down: 'down projection', lm_head: 'LM head',
};

/** "3.wq·diag(3.attn_norm)" → "wq" (the layer prefix and a folded norm weight dropped). */
export function weightBase(name) {
  return String(name || '').replace(/^[0-9]{1,4}\./, '').replace(/·.*$/, '');
}

// The ops a kernel's facts test, as bits (OP_BIT), and the views and leaves among them.
const OP_BIT = { matmul: 1, flash_attn: 2, kv_write: 4, rot_pairs: 8, silu: 16, neg: 32, exp: 64, div: 128, sum: 256,
  rms_norm: 512, rsqrt: 1024, softmax: 2048, add: 4096, mul: 8192, reshape: 16384, transpose: 32768, input: 65536,
  param: 131072, const: 262144, causal_mask: 524288 };
const B = OP_BIT;
const MAIN = B.matmul | B.flash_attn | B.kv_write;
const VIEW = B.reshape | B.transpose;
const LEAF = B.input | B.param | B.const;

// The graph describeKernels reads, over dense slots 0..n-1: ids[s] (the node's id), slotOf(id) (-1: not a
// node), bits[s] (its op's OP_BIT), op(s), name(s), layer[s], and its inputs as CSR, inStart / ins (slots, -1
// for an id that is no node) with raw (the ids themselves). Made from node objects (nodesGraph) or from a
// column table's stage (columnsGraph, where slot = id).
function nodesGraph(nodes) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const ids = [...byId.keys()];
  const slots = new Map(ids.map((id, i) => [id, i]));
  const slotOf = (id) => { const s = slots.get(id); return s === undefined ? -1 : s; };
  const n = ids.length;
  const ns = ids.map((id) => byId.get(id));
  const inStart = new Int32Array(n + 1);
  const raw = [];
  ns.forEach((nd, i) => { for (const x of nd.inputs) raw.push(x); inStart[i + 1] = raw.length; });
  return {
    n, ids, slotOf, bits: Int32Array.from(ns, (nd) => OP_BIT[nd.op] || 0), op: (s) => ns[s].op, name: (s) => ns[s].name,
    layer: ns.map((nd) => nd.layer), inStart, raw, ins: Int32Array.from(raw, slotOf),
  };
}

/** The graph of a column table's stage (model.js stageTable) for describeKernels: its columns as they are. */
export function columnsGraph(table, st) {
  const { g, n, layer } = st;
  const str = table.str;
  const bitOf = [];
  const bits = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const o = g.op[i];
    bits[i] = bitOf[o] ?? (bitOf[o] = OP_BIT[str(o)] || 0);
  }
  const ins = new Int32Array(g.ins.length);
  for (let k = 0; k < ins.length; k++) ins[k] = g.ins[k] >= 0 && g.ins[k] < n ? g.ins[k] : -1;
  return {
    n, ids: null, slotOf: (id) => (Number.isInteger(id) && id >= 0 && id < n ? id : -1), bits,
    op: (s) => str(g.op[s]), name: (s) => str(g.names[s]), layer, inStart: g.inStart, raw: g.ins, ins,
  };
}

// users as CSR (each slot's readers, in node order), source (the value behind a chain of views, or -1) and
// the consumers of a value (its users, through views: a view is free, its users are the value's users)
function graphIndex(g) {
  const { n, inStart, ins, bits } = g;
  const uStart = new Int32Array(n + 1);
  for (let k = 0; k < inStart[n]; k++) if (ins[k] >= 0) uStart[ins[k] + 1]++;
  for (let i = 0; i < n; i++) uStart[i + 1] += uStart[i];
  const fill = uStart.slice(0, n);
  const users = new Int32Array(uStart[n]);
  for (let u = 0; u < n; u++) for (let k = inStart[u]; k < inStart[u + 1]; k++) if (ins[k] >= 0) users[fill[ins[k]]++] = u;
  const source = (s) => {
    while (s >= 0 && bits[s] & VIEW && inStart[s + 1] > inStart[s]) s = ins[inStart[s]];
    return s;
  };
  // whether some consumer of s (through views) is in a kernel other than ki (kernelOf: slot → kernel, -1)
  const readElsewhere = (s, ki, kernelOf) => {
    for (let j = uStart[s]; j < uStart[s + 1]; j++) {
      const u = users[j];
      if (bits[u] & VIEW ? readElsewhere(u, ki, kernelOf) : kernelOf[u] !== ki) return true;
    }
    return false;
  };
  const eachConsumer = (s, fn) => {
    for (let j = uStart[s]; j < uStart[s + 1]; j++) {
      const u = users[j];
      if (bits[u] & VIEW) eachConsumer(u, fn);
      else fn(u);
    }
  };
  return { ...g, source, readElsewhere, eachConsumer };
}

/** Elements of a shape; a symbolic dimension ("S") takes its value from the result's bind ({S: 16}). */
const elements = (shape, bind = {}) => (Array.isArray(shape)
  ? shape.reduce((a, b) => a * (typeof b === 'number' ? b : Number(bind && bind[b])), 1) : NaN);

/**
 * Per fused kernel: {name, layer, detail, written: [ids], onChip: [ids]}; names are distinct within a layer.
 * kernels: result.fused.kernels; nodes: the last stage's nodes (objects, or columnsGraph of the last stage of a
 * column table); outputs: its output ids.
 */
export function describeKernels(kernels, nodes, outputs = []) {
  if (!Array.isArray(kernels)) return [];
  const cols = !!nodes && !Array.isArray(nodes) && nodes.bits instanceof Int32Array;
  if (cols ? !nodes.n : !Array.isArray(nodes) || !nodes.length) return kernels.map((k) => ({ name: k.label, layer: null, detail: `${k.kind}: ${k.label}`, written: [], onChip: [] }));
  const g = graphIndex(cols ? nodes : nodesGraph(nodes));
  const kernelOf = new Int32Array(g.n).fill(-1);
  const slots = kernels.map((k, ki) => {
    const ss = new Int32Array(k.nodes.length);
    k.nodes.forEach((id, j) => {
      const s = (ss[j] = g.slotOf(id));
      if (s >= 0) kernelOf[s] = ki;
    });
    return ss;
  });
  const outSet = new Set(outputs.map((o) => g.source(g.slotOf(o))).filter((s) => s >= 0));
  const inside = new Int32Array(g.n).fill(-1);
  const facts = kernels.map((k, ki) => factsOf(slots[ki], ki, g, kernelOf, inside));
  // an RMSNorm belongs to the layer whose projections read it (its own weight was folded into them)
  facts.forEach((f, ki) => {
    if (!f.rms) return;
    f.readers = readersOf(slots[ki], ki, g, kernelOf);
    const ls = f.readers.map((j) => facts[j].weightLayer).filter((l) => l !== null);
    if (ls.length) f.layer = Math.min(...ls);
  });
  const layers = new Set(facts.map((f) => f.layer).filter((l) => l !== null));
  const multi = layers.size > 1;
  const out = kernels.map((k, ki) => {
    const f = facts[ki];
    const written = [];
    const onChip = [];
    const ss = slots[ki];
    for (let j = 0; j < ss.length; j++) {
      const s = ss[j];
      const leaves = s >= 0 && (outSet.has(s) || g.readElsewhere(s, ki, kernelOf));
      (leaves ? written : onChip).push(k.nodes[j]);
    }
    const base = nameOf(k, ki, f, facts);
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

// A kernel's facts from the ops of its nodes (ss: their slots) and the values they read from outside it.
// inside: a scratch column (slot → the kernel that last marked it).
function factsOf(ss, ki, g, kernelOf, inside) {
  const { bits, inStart, ins } = g;
  let ops = 0;
  let main = -1;
  const ns = [];
  for (const s of ss) {
    if (s < 0) continue;
    ns.push(s);
    inside[s] = ki;
    ops |= bits[s];
    if (main < 0 && bits[s] & MAIN) main = s;
  }
  const has = (b) => (ops & b) !== 0;
  // the values node s reads from outside the kernel (views looked through), in input order
  const outsideIn = (s, out = []) => {
    for (let k = inStart[s]; k < inStart[s + 1]; k++) {
      const v = g.source(ins[k]);
      if (v >= 0 && inside[v] !== ki) out.push(v);
    }
    return out;
  };
  const firstInput = (s, test) => {
    for (let k = inStart[s]; k < inStart[s + 1]; k++) {
      const v = g.source(ins[k]);
      if (v >= 0 && test(v)) return v;
    }
    return -1;
  };
  const mainOp = main >= 0 ? g.op(main) : null;
  // the weight a matmul reads: the first of its inputs that is (a view of) a param
  const wl = main >= 0 && bits[main] & B.matmul ? firstInput(main, (v) => (bits[v] & B.param) !== 0) : -1;
  const weight = wl >= 0 ? weightBase(g.name(wl)) : null;
  const isMask = (v) => (bits[v] & B.causal_mask) !== 0 || /mask/.test(g.name(v) || '');
  const f = {
    mainOp, weight,
    rope: has(B.rot_pairs),
    silu: has(B.silu) || (has(B.neg) && has(B.exp) && has(B.div) && !has(B.sum)),
    rms: has(B.rms_norm) || (has(B.rsqrt) && has(B.sum)),
    softmax: has(B.softmax) || (has(B.exp) && has(B.sum) && has(B.div) && !has(B.rsqrt)),
    residual: false, square: false, scale: false, mask: false, gated: false,
    cache: null,
    layer: null,
  };
  for (const s of ns) {
    if (s === main) continue;
    if (bits[s] & B.add) {
      const outs = outsideIn(s);
      if (outs.some(isMask)) f.mask = true;
      else if (outs.some((v) => !(bits[v] & (B.const | B.param)))) f.residual = true;
    } else if (bits[s] & B.mul) {
      if (inStart[s + 1] - inStart[s] === 2 && g.raw[inStart[s]] === g.raw[inStart[s] + 1]) f.square = true;
      else {
        const outs = outsideIn(s);
        if (outs.some((v) => (bits[v] & B.const) !== 0) && !f.rope) f.scale = true;
        else if (outs.some((v) => !(bits[v] & LEAF))) f.gated = true;
      }
    }
  }
  if (main >= 0 && bits[main] & B.kv_write) {
    const c = firstInput(main, (v) => /cache/.test(g.name(v) || ''));
    f.cache = c >= 0 ? weightBase(g.name(c)) : null;
  }
  // layer: the weight's ("3.wq"), else the latest of its nodes' (model.js): a kernel that ends one layer and
  // starts the next's RMSNorm (x² after the down projection) is named by its weight, the RMSNorm's rest by its rows
  const lm = wl >= 0 ? /^([0-9]{1,4})\./.exec(g.name(wl) || '') : null;
  f.weightLayer = lm ? Number(lm[1]) : null;
  if (lm) f.layer = Number(lm[1]);
  else {
    let m = null;
    for (const s of ns) {
      const l = g.layer[s];
      if (Number.isInteger(l) && l >= 0 && (m === null || l > m)) m = l;
    }
    f.layer = m;
  }
  // the kernels this one reads from
  const from = [];
  for (const s of ns) {
    for (const v of outsideIn(s)) {
      const j = kernelOf[v];
      if (j >= 0 && j !== ki && !from.includes(j)) from.push(j);
    }
  }
  f.inputsFrom = from;
  return f;
}

function readersOf(ss, ki, g, kernelOf) {
  const readers = [];
  for (const s of ss) {
    if (s < 0) continue;
    g.eachConsumer(s, (u) => { const j = kernelOf[u]; if (j >= 0 && j !== ki && !readers.includes(j)) readers.push(j); });
  }
  return readers;
}

function nameOf(k, ki, f, facts) {
  const main = f.mainOp;
  if (main === 'flash_attn') return 'attention (flash_attn)';
  if (main === 'kv_write') {
    const which = f.cache === 'k_cache' ? 'K' : f.cache === 'v_cache' ? 'V' : null;
    return which ? `${which} cache write` : 'cache write';
  }
  const parts = [];
  if (main === 'matmul') {
    if (f.weight) parts.push(WEIGHTS[f.weight] || `${f.weight} projection`);
    else if (f.scale || f.mask) parts.push('attention scores Q·Kᵀ');
    else if (f.inputsFrom.some((j) => facts[j].softmax)) parts.push('attention output P·V');
    else parts.push('matmul');
    if (f.rope) parts.push('+ RoPE');
    if (f.silu) parts.push('+ SiLU');
    if (f.gated) parts.push(f.inputsFrom.some((j) => facts[j].silu) ? '× SiLU(gate)' : '× gate');
    if (f.scale && !f.weight) parts.push('× scale');
    if (f.mask) parts.push('+ mask');
    if (f.residual) parts.push('+ residual');
    if (f.square) parts.push('+ x² (next RMSNorm)');
    return parts.join(' ');
  }
  if (f.rms) {
    // which projection reads the normalised rows
    const ws = f.readers.map((j) => facts[j].weight);
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

/** What the lab_values table reads off the graph for the fused kernels' node ids (an Int32Array, kernel after
 *  kernel): keys, op and shape columns, elements per value. The same for every element size, so an analysis
 *  that keeps its graph keeps these; valuesTable makes describeValues' table from them in result-pack.js's
 *  columns ({t: 'dict', keys, vals}, what the page's unpackResult reads). */
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

/** valueFacts read off a stage's packed columns (wasm/graphlab.mjs readCaseColumns: op, rank, dimStart, dims;
 *  str: the string table) instead of node objects: the same table, without an object or shape array per node
 *  (6,559 of them at 126 layers). */
export function valueFactsOfColumns(ids, g, str, bind = {}) {
  const { op, rank, dimStart, dims } = g;
  const n = g.n;
  const seen = new Uint8Array(n);
  let m = 0, nd = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (id >= 0 && id < n && !seen[id]) { seen[id] = 1; m++; nd += rank[id]; }
  }
  const keys = new Int32Array(m);
  const dict = [], dictAt = new Map(), idx = new Int32Array(m);   // op strings by table index, first seen first
  const opAt = new Map();
  const off = new Int32Array(m + 1);
  const elems = new Float64Array(m);
  const nums = new Float64Array(nd);
  let strs = null;
  for (let id = 0, i = 0, p = 0; id < n; id++) {
    if (!seen[id]) continue;
    keys[i] = id;
    let j = opAt.get(op[id]);
    if (j === undefined) {
      const o = str(op[id]);
      j = dictAt.get(o);
      if (j === undefined) { j = dict.length; dict.push(o); dictAt.set(o, j); }
      opAt.set(op[id], j);
    }
    idx[i] = j;
    let e = 1;
    for (let r = 0, d = 2 * dimStart[id]; r < rank[id]; r++, d += 2, p++) {
      if (dims[d + 1] === -2147483648) {
        const sym = str(dims[d]);
        nums[p] = NaN;
        e *= Number(bind && bind[sym]);
        if (!strs) strs = { dict: [], at: new Map(), idx: new Int32Array(nd).fill(-1) };
        let k = strs.at.get(sym);
        if (k === undefined) { k = strs.dict.length; strs.dict.push(sym); strs.at.set(sym, k); }
        strs.idx[p] = k;
      } else {
        const v = dims[d + 1] * 4294967296 + (dims[d] >>> 0);
        nums[p] = v;
        e *= v;
      }
    }
    off[i + 1] = p;
    elems[i] = e;
    i++;
  }
  const numCol = { t: 'f64', n: nd, data: nums };
  const items = strs ? { t: 'mix', n: nd, nums: numCol, strs: { t: 'str', n: nd, dict: strs.dict, idx: strs.idx } } : numCol;
  return { keys: { t: 'istr', n: m, data: keys }, op: { t: 'str', n: m, dict, idx }, shape: { t: 'list', n: m, off, items }, elems };
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
