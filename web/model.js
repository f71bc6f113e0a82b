// model.js — turns a runCase result into the stages the views draw.
//
// Every node of every stage gets a *stable key* that survives renumbering: the trace's node i is "n<i>";
// a node a pass kept (or merged others into) inherits the key of the node it came from; a node a pass
// made (replaced / expanded / folded / created) gets a fresh key. Views join DOM elements on these keys,
// so stepping a pass moves the same element instead of redrawing everything.
// Nodes also get a layer index (for collapsing stacks): from the "{i}." prefix of param names on the
// trace, propagated forward (a node belongs to the latest layer among its inputs), then carried through
// the passes by provenance (a primitive expanded from layer 3's rms_norm is in layer 3).
//
// The work is done on columns (stageTable): the graphs and provenance as typed arrays — the browser module's
// packed answer as it is (wasm/graphlab.mjs runCaseColumns), or a JSON result's graphs put in the same form
// (columnsOf) — so a 126-layer stack (7 stages of 7,000 nodes) gets its keys, layers and summaries without a
// node object; node objects are made only for the stages or the layer a view draws (stageNodes, tableStages).

import { opClass, layerOfName } from './ops.js';

export const SHARED_LAYER = -1;
const NO_LAYER = -2;        // a name without a layer prefix (layerOfName's null)
const NO_HOW = -1;          // a node the pass's provenance does not list (how null)

/**
 * A JSON result's graphs and provenance as the columns readCaseColumns gives (wasm/graphlab.mjs), its strings
 * in one table; the nodes' attrs, shapes and input names and the provenance objects are kept as they are.
 */
export function columnsOf(result) {
  const list = [];
  const index = new Map();
  const intern = (s) => {
    let i = index.get(s);
    if (i === undefined) index.set(s, (i = list.push(s) - 1));
    return i;
  };
  const graphs = [];
  if (result && result.graphs && typeof result.graphs === 'object') {
    for (const [key, gr] of Object.entries(result.graphs)) {
      const nodes = (gr && gr.nodes) || [];
      const n = nodes.length;
      const op = new Int32Array(n), names = new Int32Array(n), inStart = new Int32Array(n + 1);
      const ins = [];
      const attrObjs = new Array(n), shapeObjs = new Array(n);
      for (let i = 0; i < n; i++) {
        const [, o, inputs, attrs, shape, name] = nodes[i];
        op[i] = intern(o);
        names[i] = intern(name || '');
        for (const x of inputs || []) ins.push(x);
        inStart[i + 1] = ins.length;
        attrObjs[i] = attrs || {};
        shapeObjs[i] = shape || [];
      }
      // the builder block of each node ("blocks": {key: [name | null]}), as the packed block column
      const bl = result.blocks && Array.isArray(result.blocks[key]) && result.blocks[key].length === n ? result.blocks[key] : null;
      const block = bl ? Int32Array.from(bl, (b) => (typeof b === 'string' ? intern(b) : -1)) : null;
      graphs.push({ key, n, outputs: (gr && gr.outputs) || [], op, inStart, ins: Int32Array.from(ins), names, attrObjs, shapeObjs,
        inputNames: (gr && gr.input_names) || {}, block });
    }
  }
  const provenance = [];
  for (const p of Array.isArray(result && result.provenance) ? result.provenance : []) {
    if (!p) {
      provenance.push(null);
      continue;
    }
    // {"new id": {how, from}}: listed by new id; an id it does not list has no how
    const entries = p.nodes ? Object.entries(p.nodes) : [];
    const n = entries.length;
    const how = new Int32Array(n).fill(NO_HOW);
    const lists = new Array(n).fill(null);
    for (const [k, v] of entries) {
      const id = Number(k);
      if (!(Number.isInteger(id) && id >= 0 && id < n)) continue;
      how[id] = intern(v.how);
      lists[id] = Array.isArray(v.from) ? v.from : [];
    }
    const fromStart = new Int32Array(n + 1);
    const from = [];
    for (let i = 0; i < n; i++) {
      for (const x of lists[i] || []) from.push(x);
      fromStart[i + 1] = from.length;
    }
    provenance.push({ pass: p.pass, n, how, fromStart, from: Int32Array.from(from), removed: p.removed || [], obj: p });
  }
  return { str: (i) => list[i], nstr: list.length, graphs, provenance };
}

// Per string of the table (nstr of them), what the stages ask of it, found on first use: the layer prefix of a
// name (NO_LAYER when none), whether an op is param/input, whether a how is "kept" / "kept" or "merged", an
// op's class.
function stringFacts(str, nstr) {
  const UNKNOWN = -3;
  const lay = new Int32Array(nstr).fill(UNKNOWN);
  const bits = new Int8Array(nstr).fill(-1);     // 1: param/input, 2: kept, 4: kept or merged
  const cls = new Array(nstr);
  const bitsOf = (i) => {
    let v = bits[i];
    if (v < 0) {
      const s = str(i);
      v = bits[i] = (s === 'param' || s === 'input' ? 1 : 0) | (s === 'kept' ? 2 : 0) | (s === 'kept' || s === 'merged' ? 4 : 0);
    }
    return v;
  };
  return {
    layer: (i) => {
      let v = lay[i];
      if (v === UNKNOWN) {
        const l = layerOfName(str(i));
        v = lay[i] = l === null ? NO_LAYER : l;
      }
      return v;
    },
    cls: (i) => cls[i] || (cls[i] = opClass(str(i))),
    io: (i) => (bitsOf(i) & 1) !== 0,
    kept: (i) => i !== NO_HOW && (bitsOf(i) & 2) !== 0,
    keeps: (i) => i !== NO_HOW && (bitsOf(i) & 4) !== 0,
  };
}

// The trace's rule: a param or input named "i." is in layer i, any other node in the latest layer among its
// inputs (0 without inputs).
function traceLayers(g, sf) {
  const n = g.n;
  const layer = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const l = sf.layer(g.names[i]);
    if (sf.io(g.op[i]) && l !== NO_LAYER) layer[i] = l;
    else if (g.inStart[i + 1] > g.inStart[i]) {
      let m = 0;
      for (let k = g.inStart[i]; k < g.inStart[i + 1]; k++) {
        const x = g.ins[k];
        if (x >= 0 && x < n && layer[x] > m) m = layer[x];
      }
      layer[i] = m;
    }
  }
  return layer;
}

/** Leaves without a layer prefix (consts, inputs, RoPE tables) sit with their users' layer, or in the
 *  shared group when several layers use them. */
function placeLeaves(g, layer, sf) {
  const n = g.n;
  const UNSET = -3, MANY = -4;
  const place = new Int32Array(n).fill(UNSET);
  let any = false;
  for (let u = 0; u < n; u++) {
    for (let k = g.inStart[u]; k < g.inStart[u + 1]; k++) {
      const x = g.ins[k];
      if (!(x >= 0 && x < n) || g.inStart[x + 1] > g.inStart[x] || sf.layer(g.names[x]) !== NO_LAYER) continue;
      if (place[x] === UNSET) place[x] = layer[u];
      else if (place[x] !== layer[u]) place[x] = MANY;
      any = true;
    }
  }
  if (!any) return;
  for (let x = 0; x < n; x++) if (place[x] !== UNSET) layer[x] = place[x] === MANY ? SHARED_LAYER : place[x];
}

function inputNamesOf(g, str) {
  if (g.inputNames) return g.inputNames;
  const out = {};
  const isInput = [];   // per op string: is it "input" (a string compare per op, not per node)
  for (let i = 0; i < g.n; i++) {
    const o = g.op[i];
    if (isInput[o] ?? (isInput[o] = str(o) === 'input')) out[str(g.names[i])] = i;
  }
  return out;
}

const EMPTY = { n: 0, outputs: [], op: new Int32Array(0), inStart: new Int32Array(1), ins: new Int32Array(0), names: new Int32Array(0) };

function sameInts(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Whether string columns a (table sa) and b (table sb) hold the same strings (each table interned: one
// index per string, so a string of a maps to one index of b).
function sameStrings(a, sa, b, sb, memo) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const m = memo[a[i]];
    if (m < 0) {
      if (sa(a[i]) !== sb(b[i])) return false;
      memo[a[i]] = b[i];
    } else if (m !== b[i]) return false;
  }
  return true;
}

// Whether stage st of the previous table has the structure of graph g and provenance pv: the same ops,
// inputs, names and provenance, so its keys, layers, how / from and summary hold (shapes and attrs may differ).
function sameStructure(st, g, pv, str, prevStr, memo) {
  const a = st.g, b = g;
  if (a.n !== b.n || !sameInts(a.inStart, b.inStart) || !sameInts(a.ins, b.ins) ||
      !sameStrings(a.op, prevStr, b.op, str, memo) || !sameStrings(a.names, prevStr, b.names, str, memo)) return false;
  if (!st.pv !== !pv) return false;
  if (!pv) return true;
  return st.pv.n === pv.n && sameInts(st.pv.fromStart, pv.fromStart) && sameInts(st.pv.from, pv.from) &&
    sameInts(st.pv.removed, pv.removed) && sameStrings(st.pv.how, prevStr, pv.how, str, memo);
}

/**
 * The stages of a result, on columns: [{index, key, name, counts, outputs, inputNames, changed, n, g, pv,
 * keyStage, keyId, layer, how, fromStart, from}], n nodes each. Node i's key is "n<id>" of the trace or
 * "s<keyStage>n<keyId>", its layer layer[i], its how the string how[i] (NO_HOW: null) and its from
 * from[fromStart[i] .. fromStart[i + 1]). cols: readCaseColumns' answer or columnsOf(result). prev: the last
 * table; a stage whose ops, inputs, names and provenance are prev's (a change of sizes only) takes its keys,
 * layers and summary from it. Returns {stages, str, nstr, sf}.
 */
export function stageTable(result, cols, prev = null) {
  const passes = (result && result.passes) || [];
  const str = cols.str;
  const sf = stringFacts(str, cols.nstr);
  const byKey = new Map(cols.graphs.map((g) => [g.key, g]));
  const gkeys = cols.graphs.map((g) => g.key);
  const memo = new Int32Array(prev ? prev.nstr : 0).fill(-1);   // a string of prev's table → this table's
  let reusing = !!prev;
  // the core's keys and layers (c/src/io/stage_keys.c: the rule of keysOfTrace / keysOfPass, not run cold here)
  const core = cols.keys && cols.keys.length === passes.length && cols.graphs.length === passes.length ? cols.keys : null;
  const stages = [];
  for (let i = 0; i < passes.length; i++) {
    const p = passes[i];
    const key = gkeys[i] ?? p.name;
    const gr = byKey.get(key) || null;
    const g = gr || EMPTY;
    const pv = i > 0 ? cols.provenance[i - 1] || null : null;
    const st = {
      index: i, key, name: p.name, counts: { nodes: p.nodes, ops: p.ops, hits: p.hits ?? null },
      outputs: gr ? Array.from(gr.outputs) : [], inputNames: null,
      changed: true, n: g.n, g, pv, usable: false,
      keyStage: null, keyId: null, layer: null, block: null, how: null, fromStart: null, from: null, summary: null,
    };
    // a stage reuses the last table's only after every stage before it did (its keys come from theirs)
    const old = reusing && prev.stages[i];
    reusing = !!old && old.key === key && old.name === p.name && sameStructure(old, g, pv, str, prev.str, memo);
    // the same ops and names: the same inputs by name
    st.inputNames = reusing ? old.inputNames : gr ? inputNamesOf(gr, str) : {};
    if (reusing) {
      for (const f of ['usable', 'keyStage', 'keyId', 'layer', 'fromStart', 'from', 'summary']) st[f] = old[f];
      // the how column holds the last table's string indices: this table's for the same strings
      if (old.how) st.how = translate(old.how, memo);
      // blocks: this result's own column (the memo knows only the strings sameStructure compared)
      st.block = core && core[i] ? core[i].block || null : (gr && gr.block) || null;
      st.changed = i > 0 && !st.usable ? changedByCounts(st, stages[i - 1]) : old.changed;
    } else if (core && gr === cols.graphs[i]) {
      keysOfCore(st, core[i], i > 0 ? stages[i - 1] : null);
    } else if (i === 0) {
      keysOfTrace(st, sf);
      st.block = (gr && gr.block) || null;
    } else {
      keysOfPass(st, stages[i - 1], sf);
      st.block = (gr && gr.block) || null;
    }
    stages.push(st);
  }
  // base: the table whose strings the structure's columns index (reshapeTable adds its own after them);
  // fingerprints: each stage's structure hashed by the core, when it sent them
  const fingerprints = cols.fingerprints && cols.fingerprints.length === stages.length ? cols.fingerprints : null;
  return { stages, str, nstr: cols.nstr, sf, base: { str, nstr: cols.nstr }, fingerprints };
}

/**
 * The table of a result whose stages have the structure of prev's (a change of sizes only: the core's
 * fingerprint of every stage — ops, inputs, names, outputs, provenance — is prev's): prev's keys, layers, how /
 * from and summaries on cols' shapes and attrs. cols: readCaseColumns of an emit.graphs "shapes" answer. Its
 * strings are prev's base table's, then cols' (a shapes answer's attrs and symbols, indices offset past them),
 * so a run of size changes never grows it. null when any stage's structure (fingerprint, key, name, node count)
 * is not prev's: the caller then asks for the graphs in full.
 */
export function reshapeTable(result, cols, prev) {
  const passes = (result && result.passes) || [];
  const m = prev ? prev.stages.length : 0;
  if (!prev || !prev.fingerprints || !cols || !cols.fingerprints || cols.graphs.length !== m || passes.length !== m) return null;
  for (let i = 0; i < m; i++) {
    const old = prev.stages[i], c = cols.graphs[i];
    if (!c.shapesOnly || cols.fingerprints[i] !== prev.fingerprints[i] || c.key !== old.key || passes[i].name !== old.name ||
        c.n !== old.n || old.g.shapeObjs || old.g === EMPTY) return null;
  }
  const base = prev.base, P = base.nstr;
  const str = (i) => (i < P ? base.str(i) : cols.str(i - P));
  const stages = [];
  for (let i = 0; i < m; i++) {
    const old = prev.stages[i], c = cols.graphs[i];
    const attrs = new Int32Array(c.n);
    for (let k = 0; k < c.n; k++) attrs[k] = c.attrs[k] + P;
    let dims = c.dims;
    if (c.nsym > 0) {
      dims = Int32Array.from(c.dims);   // a symbol's string: this table's index
      for (let d = 0; d < dims.length; d += 2) if (dims[d + 1] === -2147483648) dims[d] += P;
    }
    const p = passes[i];
    // the graph as readCaseColumns makes it, property for property: the readers of shapes (numelOf, shapeOf) see
    // one object shape and stay fast
    const o = old.g;
    const g = { key: o.key, n: o.n, outputs: o.outputs, op: o.op, inStart: o.inStart, ins: o.ins, rank: c.rank, dimStart: c.dimStart,
      dims, attrs, names: o.names, fingerprint: o.fingerprint };
    const st = { ...old, g, counts: { nodes: p.nodes, ops: p.ops, hits: p.hits ?? null } };
    if (i > 0 && !st.usable) st.changed = changedByCounts(st, stages[i - 1]);
    stages.push(st);
  }
  // the string facts are asked of ops, names and hows only, all base strings: prev's stand
  return { stages, str, nstr: P + cols.nstr, sf: prev.sf, base, fingerprints: prev.fingerprints };
}

function translate(col, memo) {
  const out = new Int32Array(col.length);
  for (let i = 0; i < col.length; i++) out[i] = col[i] === NO_HOW ? NO_HOW : memo[col[i]];
  return out;
}

// The keys, layers and summary by layer the core made (readCaseColumns keys[i]); how / fromStart / from are the
// provenance's, from the stage before only, as keysOfPass keeps them.
function keysOfCore(st, k, prev) {
  const n = st.n, pv = st.pv;
  st.keyStage = k.keyStage;
  st.keyId = k.keyId;
  st.layer = k.layer;
  st.block = k.block || null;   // the block's name (a string index, -1: none): what the graph view folds by
  st.summary = summaryOfCore(k.summary);
  if (!prev) return;
  st.usable = k.usable;
  if (k.usable) {
    st.how = pv.how;
    let inside = true;
    for (let j = 0; j < pv.from.length; j++) if (!(pv.from[j] >= 0 && pv.from[j] < prev.n)) inside = false;
    if (inside) {
      st.fromStart = pv.fromStart;
      st.from = pv.from;
    } else {
      const fromStart = new Int32Array(n + 1), from = [];
      for (let i = 0; i < n; i++) {
        for (let j = pv.fromStart[i]; j < pv.fromStart[i + 1]; j++) if (pv.from[j] >= 0 && pv.from[j] < prev.n) from.push(pv.from[j]);
        fromStart[i + 1] = from.length;
      }
      st.fromStart = fromStart;
      st.from = Int32Array.from(from);
    }
    st.changed = k.changed;
  } else {
    st.how = new Int32Array(n).fill(NO_HOW);
    st.fromStart = new Int32Array(n + 1);
    st.from = new Int32Array(0);
    st.changed = changedByCounts(st, prev);
  }
}

// The core's summary by layer as summarizeColumns makes it (views/graph/layer-index.js): {groups, groupEdges, layers}.
function summaryOfCore({ lo, span, count, ops, edges }) {
  const groups = [];
  for (let l = 0; l < span; l++) if (count[l]) groups.push({ layer: l + lo, count: count[l], ops: ops[l] });
  const groupEdges = [];
  for (let k = 0; k < edges.length; k += 2) groupEdges.push([edges[k], edges[k + 1]]);
  return { groups, groupEdges, layers: Math.max(0, lo + span - 1) + 1 };
}

function keysOfTrace(st, sf) {
  const g = st.g, n = st.n;
  st.keyStage = new Int32Array(n);
  const keyId = st.keyId = new Int32Array(n);   // a plain loop: a callback per node is slow while the JIT is cold
  for (let i = 0; i < n; i++) keyId[i] = i;
  st.layer = traceLayers(g, sf);
  placeLeaves(g, st.layer, sf);
}

function keysOfPass(st, prev, sf) {
  const g = st.g, n = st.n, pv = st.pv, pn = prev.n;
  const usable = !!pv && pv.n === n;
  st.usable = usable;
  const keyStage = new Int32Array(n), keyId = new Int32Array(n), layer = new Int32Array(n);
  const how = new Int32Array(n).fill(NO_HOW);
  const fromStart = new Int32Array(n + 1);
  const from = usable ? new Int32Array(pv.fromStart[n]) : new Int32Array(0);
  const claimed = new Uint8Array(pn);     // a key is unique within a stage: the first node to inherit it keeps it
  let traced = null;
  let f = 0;
  for (let i = 0; i < n; i++) {
    const f0 = f;
    if (usable) {
      how[i] = pv.how[i];
      for (let k = pv.fromStart[i]; k < pv.fromStart[i + 1]; k++) {
        const x = pv.from[k];
        if (x >= 0 && x < pn) from[f++] = x;       // only nodes of the previous stage
      }
    }
    fromStart[i + 1] = f;
    if (f > f0 && sf.keeps(how[i]) && !claimed[from[f0]]) {
      claimed[from[f0]] = 1;
      keyStage[i] = prev.keyStage[from[f0]];
      keyId[i] = prev.keyId[from[f0]];
    } else {
      keyStage[i] = st.index;
      keyId[i] = i;
    }
    if (f > f0) {
      let m = SHARED_LAYER;
      for (let k = f0; k < f; k++) {
        const l = prev.layer[from[k]];
        if (l !== SHARED_LAYER && (m === SHARED_LAYER || l < m)) m = l;
      }
      layer[i] = m;
    } else {
      const l = sf.layer(g.names[i]);
      if (l !== NO_LAYER) layer[i] = l;
      else layer[i] = (traced || (traced = traceLayers(g, sf)))[i];
    }
  }
  placeLeaves(g, layer, sf);
  Object.assign(st, { keyStage, keyId, layer, how, fromStart, from: f === from.length ? from : from.subarray(0, f) });
  st.changed = usable ? changedByProvenance(st, prev, sf) : changedByCounts(st, prev);
}

// did the pass change anything? With provenance: anything removed, made or moved
function changedByProvenance(st, prev, sf) {
  const g = st.g, pg = prev.g;
  if (st.pv.removed.length > 0 || st.n !== prev.n) return true;
  for (let i = 0; i < st.n; i++) if (!sf.kept(st.how[i])) return true;
  // every node kept or merged: each from exactly one node of the same op whose inputs have the same keys
  for (let i = 0; i < st.n; i++) {
    if (st.fromStart[i + 1] - st.fromStart[i] !== 1) return true;
    const o = st.from[st.fromStart[i]];
    if (g.op[i] !== pg.op[o]) return true;
    const a0 = g.inStart[i], b0 = pg.inStart[o], len = g.inStart[i + 1] - a0;
    if (len !== pg.inStart[o + 1] - b0) return true;
    for (let k = 0; k < len; k++) {
      const a = g.ins[a0 + k], b = pg.ins[b0 + k];
      if (!(a >= 0 && a < st.n) || !(b >= 0 && b < prev.n)) return true;
      if (st.keyStage[a] !== prev.keyStage[b] || st.keyId[a] !== prev.keyId[b]) return true;
    }
  }
  return false;
}

// without provenance: by the pass's counts
function changedByCounts(st, prev) {
  return !(st.counts.nodes === prev.counts.nodes && st.counts.ops === prev.counts.ops && !st.counts.hits);
}

/** Node i's stable key. */
export function keyOf(st, i) {
  return st.keyStage[i] ? `s${st.keyStage[i]}n${st.keyId[i]}` : `n${st.keyId[i]}`;
}

/** A shape from the columns: the JSON result's own array, or the packed dims (an int64 as two words, a symbol
 *  as its string and INT32_MIN). */
export function shapeOf(g, i, str) {
  if (g.shapeObjs) return g.shapeObjs[i];
  const r = g.rank[i];
  const shape = new Array(r);
  for (let j = 0, d = 2 * g.dimStart[i]; j < r; j++, d += 2) {
    shape[j] = g.dims[d + 1] === -2147483648 ? str(g.dims[d]) : g.dims[d + 1] * 4294967296 + (g.dims[d] >>> 0);
  }
  return shape;
}

function attrsOf(g, i, str) {
  if (g.attrObjs) return g.attrObjs[i];
  const at = str(g.attrs[i]);
  return at === '{}' ? {} : JSON.parse(at);
}

/** Node i of a table's stage as the views draw it: {id, op, inputs, attrs, shape, name, cls, (how, from,) key, layer}. */
export function nodeObject(table, st, i) {
  const { str, sf } = table;
  const g = st.g;
  const n = {
    id: i, op: str(g.op[i]), inputs: Array.from(g.ins.subarray(g.inStart[i], g.inStart[i + 1])),
    attrs: attrsOf(g, i, str), shape: shapeOf(g, i, str), name: str(g.names[i]), cls: sf.cls(g.op[i]),
  };
  if (st.index > 0) {
    n.how = st.how[i] === NO_HOW ? null : str(st.how[i]);
    n.from = Array.from(st.from.subarray(st.fromStart[i], st.fromStart[i + 1]));
  }
  n.key = keyOf(st, i);
  n.layer = st.layer[i];
  n.block = st.block && st.block[i] >= 0 ? str(st.block[i]) : null;
  return n;
}

function provObject(pv, str) {
  if (!pv) return null;
  if (pv.obj) return pv.obj;
  const nodes = {};
  for (let k = 0; k < pv.n; k++) nodes[k] = { how: str(pv.how[k]), from: Array.from(pv.from.subarray(pv.fromStart[k], pv.fromStart[k + 1])) };
  return { pass: pv.pass, nodes, removed: Array.from(pv.removed) };
}

/** A table's stage with its node objects: {index, key, name, counts, nodes, outputs, inputNames, prov, changed, byKey}. */
export function stageObject(table, st) {
  const nodes = new Array(st.n);
  for (let i = 0; i < st.n; i++) nodes[i] = nodeObject(table, st, i);
  return {
    index: st.index, key: st.key, name: st.name, counts: st.counts, nodes, outputs: st.outputs,
    inputNames: st.inputNames, prov: provObject(st.pv, table.str), changed: st.changed,
    byKey: new Map(nodes.map((n) => [n.key, n])),
  };
}

/** Every stage of a table with its node objects. */
export function tableStages(table) {
  return table.stages.map((st) => stageObject(table, st));
}

/**
 * Builds [{index, key, name, nodes, outputs, counts, prov, changed, byKey}] from a result.
 * Returns [] when the result has no graphs.
 */
export function buildStages(result) {
  return tableStages(stageTable(result || {}, columnsOf(result || {})));
}

/** Number of layers present in a stage (max layer index + 1). */
export function layerCount(stage) {
  let m = 0; // the shared group (-1) is not a layer
  if (stage.layer) {
    for (let i = 0; i < stage.n; i++) if (stage.layer[i] > m) m = stage.layer[i];
  } else {
    for (const n of stage.nodes) if (n.layer > m) m = n.layer;
  }
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
