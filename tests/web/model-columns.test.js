// model-columns.test.js — web/model.js on the browser module's packed form (readCaseColumns in
// wasm/graphlab.mjs): graphs and provenance as int32 columns over one string table, the core's keys, layers
// and summaries by layer, a size change reusing the last table (stageTable's prev) and a shapes-only answer
// (reshapeTable). This is the path the lab takes on every analysis; model-more.test.js covers the JSON form.
// The columns are written by a small encoder below (the packed layout as wasm/graphlab.mjs documents it);
// every expected value is written out by hand.
import { describe, expect, it } from 'vitest';

import {
  buildStages, columnsOf, keyOf, layerCount, reshapeTable, shapeOf, SHARED_LAYER, stageObject, stageTable, tableStages,
} from '../../web/model.js';

const SYM = -2147483648;   // INT32_MIN: the high word of a symbolic dim

/** An interned string table, as the packed answer has one: strings in order of first use. */
function strings(first = []) {
  const list = [];
  const ix = new Map();
  const id = (s) => {
    if (!ix.has(s)) ix.set(s, list.push(s) - 1);
    return ix.get(s);
  };
  for (const s of first) id(s);
  return { list, id, str: (i) => list[i] };
}

/** A graph's columns from rows [op, inputs, shape (numbers, or symbol names), attrs as JSON text, name]. */
function packGraph(S, key, rows, outputs = []) {
  const n = rows.length;
  const op = new Int32Array(n), names = new Int32Array(n), attrs = new Int32Array(n), rank = new Int32Array(n);
  const inStart = new Int32Array(n + 1), dimStart = new Int32Array(n + 1);
  const ins = [], dims = [];
  rows.forEach(([o, inputs, shape, at, name], i) => {
    op[i] = S.id(o);
    names[i] = S.id(name);
    attrs[i] = S.id(at);
    ins.push(...inputs);
    inStart[i + 1] = ins.length;
    rank[i] = shape.length;
    for (const d of shape) {
      if (typeof d === 'string') dims.push(S.id(d), SYM);
      else dims.push(Number(BigInt.asIntN(32, BigInt(d))), Math.floor(d / 4294967296));
    }
    dimStart[i + 1] = dims.length / 2;
  });
  return { key, n, outputs: Int32Array.from(outputs), op, inStart, ins: Int32Array.from(ins), rank, dimStart,
    dims: Int32Array.from(dims), attrs, names, fingerprint: null };
}

/** A shapes-only graph (emit.graphs "shapes"): rows [shape, attrs as JSON text]. */
function packShapes(S, key, rows) {
  const g = packGraph(S, key, rows.map(([shape, at]) => ['', [], shape, at, '']));
  const nsym = rows.reduce((k, [shape]) => k + shape.filter((d) => typeof d === 'string').length, 0);
  return { key, n: g.n, nsym, rank: g.rank, dimStart: g.dimStart, dims: g.dims, attrs: g.attrs, shapesOnly: true, fingerprint: null };
}

/** A pass's provenance columns: nodes [how, from], removed ids. */
function packProv(S, pass, nodes, removed = []) {
  const n = nodes.length;
  const how = new Int32Array(n), fromStart = new Int32Array(n + 1), from = [];
  nodes.forEach(([h, f], i) => {
    how[i] = S.id(h);
    from.push(...f);
    fromStart[i + 1] = from.length;
  });
  return { pass, n, how, fromStart, from: Int32Array.from(from), removed: Int32Array.from(removed) };
}

const ints = (a) => Array.from(a);

// The trace of a two-layer program: x (2 x T), a layer-1 weight with a dim past 2^32, a scalar const, and
// two ops. Then cse (merges node 4 with ids of no node: 5 and -1, outside the stage before, dropped) and dce
// (whose provenance the core could not use).
const TRACE = [
  ['input', [], [2, 'T'], '{}', 'x'],
  ['param', [], [4294967298], '{}', '1.w'],
  ['const', [], [], '{"value":2}', ''],
  ['mul', [0, 2], [2, 'T'], '{}', ''],
  ['add', [3, 1], [3000000000, 'T'], '{"axis":-1}', ''],
];
const PASSES = [
  { name: 'trace', nodes: 5, ops: 2 },
  { name: 'cse', nodes: 5, ops: 2, hits: 0 },
  { name: 'dce', nodes: 5, ops: 2, hits: 0 },
];

function coreKeys(usable, changed, keyStage, keyId, layer, summary) {
  return { usable, changed, keyStage: Int32Array.from(keyStage), keyId: Int32Array.from(keyId), layer: Int32Array.from(layer),
    summary: { lo: summary.lo, span: summary.span, count: Int32Array.from(summary.count), ops: Int32Array.from(summary.ops),
      edges: Int32Array.from(summary.edges) } };
}

/** The packed answer; with core keys unless `keys` is false. */
function packed({ keys = true, fingerprints = ['00000000000000aa', '00000000000000bb', '00000000000000cc'] } = {}) {
  const S = strings();
  const graphs = [packGraph(S, 'trace', TRACE, [4]), packGraph(S, 'cse', TRACE, [4]), packGraph(S, 'dce', TRACE, [4])];
  const provenance = [
    packProv(S, 'cse', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]], ['merged', [4, 5, -1]]]),
    packProv(S, 'dce', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]]], [4]),
  ];
  const cols = { str: S.str, nstr: S.list.length, graphs, provenance, fingerprints, keys: [] };
  graphs.forEach((g, i) => { g.fingerprint = fingerprints[i]; });
  if (keys) {
    cols.keys = [
      coreKeys(false, false, [0, 0, 0, 0, 0], [0, 1, 2, 3, 4], [0, 1, SHARED_LAYER, 0, 1],
        { lo: -1, span: 4, count: [1, 2, 0, 2], ops: [0, 1, 0, 1], edges: [-1, 0, 0, 2] }),
      coreKeys(true, true, [0, 0, 0, 0, 1], [0, 1, 2, 3, 4], [0, 1, SHARED_LAYER, 0, 1],
        { lo: 0, span: 1, count: [5], ops: [2], edges: [] }),
      coreKeys(false, true, [2, 2, 2, 2, 2], [0, 1, 2, 3, 4], [0, 1, SHARED_LAYER, 0, 1],
        { lo: 0, span: 2, count: [3, 2], ops: [1, 1], edges: [0, 1] }),
    ];
  }
  return { result: { passes: PASSES }, cols, S };
}

describe('stageTable on the packed columns with the core\'s keys', () => {
  it('takes each stage\'s keys and layers from the core as they are', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    expect(t.stages.map((s) => [s.index, s.key, s.name, s.n])).toEqual([[0, 'trace', 'trace', 5], [1, 'cse', 'cse', 5], [2, 'dce', 'dce', 5]]);
    const objs = tableStages(t);
    expect(objs[0].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(objs[1].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 's1n4']);
    expect(objs[2].nodes.map((n) => n.key)).toEqual(['s2n0', 's2n1', 's2n2', 's2n3', 's2n4']);
    expect(objs[0].nodes.map((n) => n.layer)).toEqual([0, 1, SHARED_LAYER, 0, 1]);
    expect(t.fingerprints).toEqual(['00000000000000aa', '00000000000000bb', '00000000000000cc']);
  });

  it('the core\'s summary by layer as the layer index draws it: empty layers left out, edges as pairs', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    expect(t.stages[0].summary).toEqual({
      groups: [{ layer: -1, count: 1, ops: 0 }, { layer: 0, count: 2, ops: 1 }, { layer: 2, count: 2, ops: 1 }],
      groupEdges: [[-1, 0], [0, 2]],
      layers: 3,
    });
    expect(t.stages[1].summary).toEqual({ groups: [{ layer: 0, count: 5, ops: 2 }], groupEdges: [], layers: 1 });
    expect(t.stages[2].summary).toEqual({ groups: [{ layer: 0, count: 3, ops: 1 }, { layer: 1, count: 2, ops: 1 }], groupEdges: [[0, 1]], layers: 2 });
  });

  it('a usable pass: how and from from its provenance, ids outside the stage before dropped; changed as the core says', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    const cse = stageObject(t, t.stages[1]);
    expect(cse.nodes.map((n) => n.how)).toEqual(['kept', 'kept', 'kept', 'kept', 'merged']);
    expect(cse.nodes.map((n) => n.from)).toEqual([[0], [1], [2], [3], [4]]);
    expect(cse.changed).toBe(true);
    expect(t.stages[1].usable).toBe(true);
  });

  it('a usable pass whose from lists all lie in the stage before keeps them as they are', () => {
    const { result, cols, S } = packed();
    cols.provenance[0] = packProv(S, 'cse', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]], ['merged', [4, 3]]]);
    cols.keys[1].changed = false;
    const t = stageTable(result, cols);
    const cse = stageObject(t, t.stages[1]);
    expect(cse.nodes.map((n) => n.from)).toEqual([[0], [1], [2], [3], [4, 3]]);
    expect(cse.changed).toBe(false);
  });

  it('a pass the core could not key: no how, no from, changed by the pass\'s counts', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    const dce = stageObject(t, t.stages[2]);
    expect(dce.nodes.map((n) => n.how)).toEqual([null, null, null, null, null]);
    expect(dce.nodes.map((n) => n.from)).toEqual([[], [], [], [], []]);
    expect(dce.changed).toBe(false);           // same counts as cse, no hits (the core's flag is not used)
    expect(t.stages[2].usable).toBe(false);
    const r2 = { passes: [PASSES[0], PASSES[1], { name: 'dce', nodes: 4, ops: 2, hits: 0 }] };
    expect(stageTable(r2, packed().cols).stages[2].changed).toBe(true);
    const r3 = { passes: [PASSES[0], PASSES[1], { name: 'dce', nodes: 5, ops: 2, hits: 1 }] };
    expect(stageTable(r3, packed().cols).stages[2].changed).toBe(true);
    const r4 = { passes: [PASSES[0], PASSES[1], { name: 'dce', nodes: 5, ops: 3, hits: 0 }] };
    expect(stageTable(r4, packed().cols).stages[2].changed).toBe(true);
  });

  it('keys for fewer stages than passes are not the core\'s: model.js\'s own rule runs', () => {
    const { result, cols } = packed();
    cols.keys = cols.keys.slice(0, 2);
    const t = stageTable(result, cols);
    // the trace rule: x with its user (layer 0), "1.w" in layer 1, the const with its user's layer 0, the add
    // in the latest layer among its inputs
    expect(ints(t.stages[0].layer)).toEqual([0, 1, 0, 0, 1]);
    expect(t.stages[0].summary).toBeNull();
    const objs = tableStages(t);
    expect(objs[1].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(objs[1].changed).toBe(true);         // a merged node
    expect(objs[2].nodes.map((n) => n.key)).toEqual(['s2n0', 's2n1', 's2n2', 's2n3', 's2n4']);
  });

  it('keys for every pass but a graph missing, or fingerprints not one per stage: not used', () => {
    const { result, cols } = packed();
    cols.graphs = cols.graphs.slice(0, 2);
    cols.fingerprints = cols.fingerprints.slice(0, 2);
    const t = stageTable(result, cols);
    expect(ints(t.stages[0].layer)).toEqual([0, 1, 0, 0, 1]);   // model.js's trace rule, not the core's
    expect(t.fingerprints).toBeNull();
    expect(t.stages[2].n).toBe(0);
  });

  it('nodes decoded from the columns: shapes from two words or a symbol, attrs from their JSON text', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    const nodes = stageObject(t, t.stages[0]).nodes;
    expect(nodes[0]).toEqual({ id: 0, op: 'input', inputs: [], attrs: {}, shape: [2, 'T'], name: 'x', cls: 'LEAF', key: 'n0', layer: 0, block: null });
    expect(nodes[1].shape).toEqual([4294967298]);
    expect(nodes[2]).toMatchObject({ attrs: { value: 2 }, shape: [] });
    expect(nodes[4]).toMatchObject({ op: 'add', inputs: [3, 1], attrs: { axis: -1 }, shape: [3000000000, 'T'], cls: 'POINTWISE' });
  });

  it('the provenance object of a packed stage, rebuilt for the views', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    expect(stageObject(t, t.stages[0]).prov).toBeNull();
    expect(stageObject(t, t.stages[2]).prov).toEqual({
      pass: 'dce',
      nodes: { 0: { how: 'kept', from: [0] }, 1: { how: 'kept', from: [1] }, 2: { how: 'kept', from: [2] }, 3: { how: 'kept', from: [3] } },
      removed: [4],
    });
    expect(stageObject(t, t.stages[1]).prov.nodes[4]).toEqual({ how: 'merged', from: [4, 5, -1] });
  });

  it('shapeOf: a packed shape\'s dims from two words (past 2^32 and 2^31 exactly) or a symbol; a JSON one as it is', () => {
    const { result, cols } = packed();
    const g = stageTable(result, cols).stages[0].g;
    expect(shapeOf(g, 0, cols.str)).toEqual([2, 'T']);
    expect(shapeOf(g, 1, cols.str)).toEqual([4294967298]);
    expect(shapeOf(g, 2, cols.str)).toEqual([]);
    expect(shapeOf(g, 4, cols.str)).toEqual([3000000000, 'T']);
    const c = columnsOf({ graphs: { trace: { nodes: [[0, 'input', [], {}, [3, 'S'], 'x'], [1, 'const', [], {}, [], '']] } } });
    expect(shapeOf(c.graphs[0], 0, c.str)).toEqual([3, 'S']);
    expect(shapeOf(c.graphs[0], 1, c.str)).toEqual([]);
  });

  it('keyOf: the trace\'s "n<id>", a pass\'s "s<stage>n<id>"', () => {
    const st = { keyStage: Int32Array.from([0, 3]), keyId: Int32Array.from([5, 0]) };
    expect(keyOf(st, 0)).toBe('n5');
    expect(keyOf(st, 1)).toBe('s3n0');
  });

  it('layerCount on a stage\'s layer column: the highest layer + 1, the shared group no layer', () => {
    const { result, cols } = packed();
    const t = stageTable(result, cols);
    expect(layerCount(t.stages[0])).toBe(2);
    expect(layerCount({ n: 2, layer: Int32Array.from([SHARED_LAYER, SHARED_LAYER]) })).toBe(1);
    expect(layerCount({ n: 1, layer: Int32Array.from([4, 9]) })).toBe(5);   // only the stage's n nodes count
  });
});

describe('columnsOf: a JSON result put in column form', () => {
  it('interns strings, keeps a null provenance, skips ids it cannot place and from lists that are no list', () => {
    const c = columnsOf({
      graphs: { trace: { nodes: [[0, 'input', [], null, null, 'x'], [1, 'neg', [0], {}, [2], null]], outputs: [1], input_names: { x: 0 } } },
      provenance: [null, { pass: 'p', nodes: { 0: { how: 'kept', from: [0] }, 1: { how: 'replaced', from: 'x' }, 5: { how: 'h5', from: [1] }, a: { how: 'ha' }, '-1': { how: 'hm' }, 1.5: { how: 'hf', from: [1] }, 6: { how: 'h6', from: [0] } } }],
    });
    expect(c.graphs[0].key).toBe('trace');
    expect(c.graphs[0].n).toBe(2);
    expect(c.graphs[0].outputs).toEqual([1]);
    expect(ints(c.graphs[0].inStart)).toEqual([0, 0, 1]);
    expect(ints(c.graphs[0].ins)).toEqual([0]);
    expect(c.graphs[0].attrObjs).toEqual([{}, {}]);
    expect(c.graphs[0].shapeObjs).toEqual([[], [2]]);
    expect(c.graphs[0].inputNames).toEqual({ x: 0 });
    expect(c.str(c.graphs[0].names[1])).toBe('');
    expect(c.str(c.graphs[0].op[1])).toBe('neg');
    expect(c.provenance[0]).toBeNull();
    const p = c.provenance[1];
    // seven entries: ids 0..6 can be placed; "a", "-1", "1.5" cannot (nor are their hows interned); 6 can
    expect(p.n).toBe(7);
    expect(Array.from(p.how, (h) => (h < 0 ? null : c.str(h)))).toEqual(['kept', 'replaced', null, null, null, 'h5', 'h6']);
    expect(ints(p.fromStart)).toEqual([0, 1, 1, 1, 1, 1, 2, 3]);
    expect(ints(p.from)).toEqual([0, 1, 0]);
    expect(p.removed).toEqual([]);
    expect(p.pass).toBe('p');
    expect(c.nstr).toBe(8);
  });

  it('no graphs, no provenance: empty columns', () => {
    expect(columnsOf(null)).toMatchObject({ nstr: 0, graphs: [], provenance: [] });
    expect(columnsOf({ graphs: 'x', provenance: {} })).toMatchObject({ nstr: 0, graphs: [], provenance: [] });
    const c = columnsOf({ graphs: { a: null } });
    expect(c.graphs[0]).toMatchObject({ key: 'a', n: 0, outputs: [], inputNames: {} });
  });

  it('a JSON graph without input_names has none; a packed graph lists its input nodes by name (not params)', () => {
    const s = buildStages({ passes: [{ name: 'trace', nodes: 1, ops: 0 }], graphs: { trace: { nodes: [[0, 'input', [], {}, [2], 'x']] } } });
    expect(s[0].inputNames).toEqual({});
    const S = strings();
    const g = packGraph(S, 'trace', [['param', [], [2], '{}', 'w'], ['input', [], [2], '{}', 'x'], ['input', [], [2], '{}', 'y'],
      ['add', [1, 2], [2], '{}', 'x2']]);
    const t = stageTable({ passes: [{ name: 'trace', nodes: 4, ops: 1 }] }, { str: S.str, nstr: S.list.length, graphs: [g], provenance: [] });
    expect(t.stages[0].inputNames).toEqual({ x: 1, y: 2 });
  });
});

describe('a size change: stageTable reusing the last table', () => {
  // the same structure over a string table in another order (the shapes' symbols first), other shapes
  function resized(S0) {
    const S = strings(['U', 'merged', 'add', 'kept', 'T']);
    const rows = TRACE.map(([o, inp, shape, at, name]) => [o, inp, shape.map((d) => (d === 'T' ? 'U' : d)), at, name]);
    const graphs = [packGraph(S, 'trace', rows, [4]), packGraph(S, 'cse', rows, [4]), packGraph(S, 'dce', rows, [4])];
    const provenance = [
      packProv(S, 'cse', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]], ['merged', [4, 5, -1]]]),
      packProv(S, 'dce', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]]], [4]),
    ];
    return { str: S.str, nstr: S.list.length, graphs, provenance, fingerprints: [], keys: [], S };
  }

  it('every stage of the same structure keeps the last table\'s keys, layers, summary and how', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const next = resized();
    const t = stageTable({ passes: PASSES }, next, prev);
    const objs = tableStages(t);
    // the core's keys of the last table, not the ones model.js would make (without keys here)
    expect(objs[1].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 's1n4']);
    expect(objs[2].nodes.map((n) => n.key)).toEqual(['s2n0', 's2n1', 's2n2', 's2n3', 's2n4']);
    expect(objs[0].nodes.map((n) => n.layer)).toEqual([0, 1, SHARED_LAYER, 0, 1]);
    expect(objs[2].nodes[2].layer).toBe(SHARED_LAYER);
    expect(t.stages[0].summary.layers).toBe(3);
    // how, translated to this table's strings
    expect(objs[1].nodes.map((n) => n.how)).toEqual(['kept', 'kept', 'kept', 'kept', 'merged']);
    expect(objs[2].nodes.map((n) => n.how)).toEqual([null, null, null, null, null]);
    // the new shapes
    expect(objs[0].nodes[0].shape).toEqual([2, 'U']);
    expect(objs[1].changed).toBe(true);
    expect(objs[2].changed).toBe(false);
    expect(objs[0].inputNames).toEqual({ x: 0 });
  });

  it('a reused stage the core could not key is changed or not by the new counts', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const passes = [PASSES[0], PASSES[1], { name: 'dce', nodes: 5, ops: 2, hits: 3 }];
    const t = stageTable({ passes }, resized(), prev);
    expect(t.stages[2].changed).toBe(true);
    expect(tableStages(t)[2].nodes.map((n) => n.key)).toEqual(['s2n0', 's2n1', 's2n2', 's2n3', 's2n4']);
  });

  it('from the first stage whose structure differs on, the keys are made anew', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const next = resized();
    // cse's node 3 now reads (2, 0): another structure, so cse and dce are keyed by model.js's rule
    next.graphs[1] = packGraph(next.S, 'cse', TRACE.map((r, i) => (i === 3 ? ['mul', [2, 0], r[2], r[3], r[4]] : r)), [4]);
    const objs = tableStages(stageTable({ passes: PASSES }, next, prev));
    expect(objs[0].nodes.map((n) => n.layer)).toEqual([0, 1, SHARED_LAYER, 0, 1]);   // the trace still reused
    expect(objs[1].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(objs[2].nodes.map((n) => n.key)).toEqual(['s2n0', 's2n1', 's2n2', 's2n3', 's2n4']);
    expect(objs[2].nodes.map((n) => n.layer)).toEqual([0, 1, 0, 0, 1]);
  });

  it.each([
    ['another op', (n) => { n.graphs[2] = packGraph(n.S, 'dce', TRACE.map((r, i) => (i === 3 ? ['sub', ...r.slice(1)] : r)), [4]); }],
    ['another name', (n) => { n.graphs[2] = packGraph(n.S, 'dce', TRACE.map((r, i) => (i === 0 ? [...r.slice(0, 4), 'z'] : r)), [4]); }],
    ['another node count', (n) => { n.graphs[2] = packGraph(n.S, 'dce', TRACE.slice(0, 4), [3]); }],
    ['another how', (n) => { n.provenance[1] = packProv(n.S, 'dce', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['folded', [3]]], [4]); }],
    ['another from', (n) => { n.provenance[1] = packProv(n.S, 'dce', [['kept', [0]], ['kept', [1]], ['kept', [3]], ['kept', [2]]], [4]); }],
    ['another removed', (n) => { n.provenance[1] = packProv(n.S, 'dce', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]]], []); }],
    ['no provenance', (n) => { n.provenance[1] = null; }],
    ['one more removed', (n) => { n.provenance[1] = packProv(n.S, 'dce', [['kept', [0]], ['kept', [1]], ['kept', [2]], ['kept', [3]]], [4, 3]); }],
    ['the same from ids, grouped otherwise', (n) => { n.provenance[1] = packProv(n.S, 'dce', [['kept', [0, 1]], ['kept', []], ['kept', [2]], ['kept', [3]]], [4]); }],
    ['another wiring of the same input list', (n) => {
      n.graphs[2] = packGraph(n.S, 'dce', TRACE.map((r, i) => (i === 3 ? ['mul', [0], r[2], r[3], r[4]] : i === 4 ? ['add', [2, 3, 1], r[2], r[3], r[4]] : r)), [4]);
    }],
    ['another key', (n) => { n.graphs[2].key = 'dce#2'; }],
  ])('%s in the last stage: that stage is keyed anew', (what, change) => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const next = resized();
    change(next);
    const t = stageTable({ passes: PASSES }, next, prev);
    // model.js's own rule on stage 2 puts the const with its only user's layer; the last table's core had it
    // in the shared group
    expect(keyOf(t.stages[1], 4)).toBe('s1n4');      // cse still reused
    expect(t.stages[1].layer[2]).toBe(SHARED_LAYER);
    expect(t.stages[2].layer[2]).not.toBe(SHARED_LAYER);
  });

  it('another op in the trace (an op\'s first use in the table): every stage keyed anew', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const next = resized();
    next.graphs[0] = packGraph(next.S, 'trace', TRACE.map((r, i) => (i === 3 ? ['sub', ...r.slice(1)] : r)), [4]);
    const t = stageTable({ passes: PASSES }, next, prev);
    expect(ints(t.stages[0].layer)).toEqual([0, 1, 0, 0, 1]);
    expect(t.stages[0].summary).toBeNull();
  });

  it('another pass name at a stage: keyed anew', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const passes = [PASSES[0], PASSES[1], { name: 'dce2', nodes: 5, ops: 2, hits: 0 }];
    const t = stageTable({ passes }, resized(), prev);
    expect(t.stages[2].layer[2]).toBe(0);
  });
});

describe('reshapeTable: a shapes-only answer on the last table\'s structure', () => {
  function shapesAnswer({ fingerprints = ['00000000000000aa', '00000000000000bb', '00000000000000cc'] } = {}) {
    const S = strings(['{}']);
    const rows = [[[3, 'V'], '{}'], [[8], '{}'], [[], '{"value":3}'], [[3, 'V'], '{}'], [[4294967296, 'V'], '{"axis":0}']];
    return { str: S.str, get nstr() { return S.list.length; }, graphs: ['trace', 'cse', 'dce'].map((k) => packShapes(S, k, rows)), fingerprints, S };
  }

  it('keeps keys, layers and how, takes the new shapes and attrs, and updates the counts', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const sh = shapesAnswer();
    const passes = [{ name: 'trace', nodes: 5, ops: 2 }, { name: 'cse', nodes: 5, ops: 2, hits: 4 }, { name: 'dce', nodes: 5, ops: 2, hits: 1 }];
    const t = reshapeTable({ passes }, sh, prev);
    expect(t).not.toBeNull();
    expect(t.nstr).toBe(prev.nstr + sh.S.list.length);
    const objs = tableStages(t);
    expect(objs[0].nodes[0]).toEqual({ id: 0, op: 'input', inputs: [], attrs: {}, shape: [3, 'V'], name: 'x', cls: 'LEAF', key: 'n0', layer: 0, block: null });
    expect(objs[0].nodes[1].shape).toEqual([8]);
    expect(objs[0].nodes[2].attrs).toEqual({ value: 3 });
    expect(objs[0].nodes[4]).toMatchObject({ op: 'add', inputs: [3, 1], attrs: { axis: 0 }, shape: [4294967296, 'V'] });
    expect(objs[1].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 's1n4']);
    expect(objs[1].nodes.map((n) => n.how)).toEqual(['kept', 'kept', 'kept', 'kept', 'merged']);
    expect(objs.map((s) => s.counts)).toEqual([
      { nodes: 5, ops: 2, hits: null }, { nodes: 5, ops: 2, hits: 4 }, { nodes: 5, ops: 2, hits: 1 },
    ]);
    expect(objs[1].changed).toBe(true);         // the core's flag (usable provenance)
    expect(objs[2].changed).toBe(true);         // by the counts: hits
    expect(t.fingerprints).toEqual(prev.fingerprints);
    expect(t.stages[0].summary).toBe(prev.stages[0].summary);
    expect(shapeOf(t.stages[0].g, 4, t.str)).toEqual([4294967296, 'V']);
    // a second size change on this table: the strings stay the base table's and the newest answer's
    const t2 = reshapeTable({ passes: PASSES }, shapesAnswer(), t);
    expect(t2.nstr).toBe(prev.nstr + sh.S.list.length);
    expect(stageObject(t2, t2.stages[2]).changed).toBe(false);   // by the counts: no hits
    expect(shapeOf(t2.stages[0].g, 0, t2.str)).toEqual([3, 'V']);
  });

  it('null when the structure may differ: the caller asks for the graphs in full', () => {
    const { result, cols } = packed();
    const prev = stageTable(result, cols);
    const ok = shapesAnswer();
    expect(reshapeTable(result, ok, prev)).not.toBeNull();
    expect(reshapeTable(result, ok, null)).toBeNull();
    expect(reshapeTable(result, null, prev)).toBeNull();
    expect(reshapeTable(result, { ...ok, fingerprints: null }, prev)).toBeNull();
    expect(reshapeTable(result, ok, { ...prev, fingerprints: null })).toBeNull();
    expect(reshapeTable(result, shapesAnswer({ fingerprints: ['00000000000000aa', '00000000000000bb', '00000000000000cd'] }), prev)).toBeNull();
    expect(reshapeTable({ passes: PASSES.slice(0, 2) }, ok, prev)).toBeNull();
    expect(reshapeTable(result, { ...ok, graphs: ok.graphs.slice(0, 2) }, prev)).toBeNull();
    expect(reshapeTable({ passes: [PASSES[0], PASSES[1], { ...PASSES[2], name: 'cse' }] }, ok, prev)).toBeNull();
    const renamed = shapesAnswer();
    renamed.graphs[1].key = 'cse#2';
    expect(reshapeTable(result, renamed, prev)).toBeNull();
    const fewer = shapesAnswer();
    fewer.graphs[2] = packShapes(fewer.S, 'dce', [[[1], '{}']]);
    expect(reshapeTable(result, fewer, prev)).toBeNull();
    const full = packed().cols;    // full graphs are not a shapes answer
    expect(reshapeTable(result, full, prev)).toBeNull();
    // a last table made from a JSON result (shapes as objects) or with a missing graph is not reshaped
    const jsonRows = TRACE.map(([o, inp, , , name], i) => [i, o, inp, {}, [2], name]);
    const json = stageTable(result, { ...columnsOf({ graphs: { trace: { nodes: jsonRows }, cse: { nodes: jsonRows }, dce: { nodes: jsonRows } } }),
      fingerprints: prev.fingerprints });
    expect(reshapeTable(result, ok, json)).toBeNull();
    const missing = stageTable(result, { ...cols, graphs: cols.graphs.slice(0, 2), keys: [] });
    const empty = shapesAnswer();
    empty.graphs[2] = packShapes(empty.S, 'dce', []);
    expect(reshapeTable(result, empty, { ...missing, fingerprints: prev.fingerprints })).toBeNull();
  });
});
