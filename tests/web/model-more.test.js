// model-more.test.js — web/model.js on a small hand-written result (two layers, a shared scalar, a pass
// that replaces a node, one that changes nothing, one without provenance): stable keys, layers, the
// "changed" flag and the helpers, with every expected value written out by hand from model.js's rules.
import { describe, expect, it } from 'vitest';

import { buildStages, decodeArray, kernelOf, layerCount, SHARED_LAYER } from '../../web/model.js';

const TRACE = [
  [0, 'input', [], {}, [2, 2], 'x'],
  [1, 'param', [], {}, [2, 2], '0.w'],
  [2, 'param', [], {}, [2, 2], '1.w'],
  [3, 'const', [], { value: 2 }, [], ''],
  [4, 'mul', [0, 1], {}, [2, 2], ''],
  [5, 'add', [4, 3], {}, [2, 2], ''],
  [6, 'mul', [5, 2], {}, [2, 2], ''],
  [7, 'add', [6, 3], {}, [2, 2], ''],
];
const kept = (ids) => Object.fromEntries(ids.map((i) => [String(i), { how: 'kept', from: [i] }]));

function result() {
  return {
    passes: [
      { name: 'trace', nodes: 8, ops: 4 },
      { name: 'decompose', nodes: 8, ops: 4, hits: null },
      { name: 'dce', nodes: 8, ops: 4, hits: 0 },
      { name: 'simplify', nodes: 8, ops: 4, hits: 0 },
      { name: 'cse', nodes: 8, ops: 4, hits: 2 },
    ],
    graphs: {
      trace: { nodes: TRACE, outputs: [7], input_names: { x: 0 } },
      decompose: { nodes: TRACE, outputs: [7], input_names: { x: 0 } },
      dce: { nodes: TRACE, outputs: [7], input_names: { x: 0 } },
      simplify: { nodes: TRACE, outputs: [7] },
      cse: { nodes: TRACE.map((n) => n.slice(0, 2)) },
    },
    provenance: [
      { pass: 'decompose', nodes: { ...kept([0, 1, 2, 3, 4, 5, 7]), 6: { how: 'replaced', from: [6] } }, removed: [] },
      { pass: 'dce', nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]), removed: [] },
    ],
  };
}

// Every test builds its own stages: Stryker activates a mutant per test, so work done while the suite is
// collected would escape it.
const built = () => buildStages(result());

describe('buildStages on a hand-written result', () => {

  it('one stage per pass, with its counts, outputs and input names', () => {
    const stages = built();
    expect(stages.map((s) => [s.index, s.key, s.name])).toEqual([
      [0, 'trace', 'trace'], [1, 'decompose', 'decompose'], [2, 'dce', 'dce'], [3, 'simplify', 'simplify'], [4, 'cse', 'cse'],
    ]);
    expect(stages.map((s) => s.counts)).toEqual([
      { nodes: 8, ops: 4, hits: null }, { nodes: 8, ops: 4, hits: null }, { nodes: 8, ops: 4, hits: 0 },
      { nodes: 8, ops: 4, hits: 0 }, { nodes: 8, ops: 4, hits: 2 },
    ]);
    expect(stages[0].outputs).toEqual([7]);
    expect(stages[0].inputNames).toEqual({ x: 0 });
    expect(stages[3].inputNames).toEqual({});
    expect(stages[4].outputs).toEqual([]);
    expect(stages[0].prov).toBeNull();
    expect(stages[0].changed).toBe(true);
    expect(stages[1].prov.pass).toBe('decompose');
    expect(stages[3].prov).toBeNull();
  });

  it('decodes nodes, filling what a short row leaves out, with the op class', () => {
    const stages = built();
    expect(stages[0].nodes[4]).toMatchObject({ id: 4, op: 'mul', inputs: [0, 1], attrs: {}, shape: [2, 2], name: '', cls: 'POINTWISE' });
    expect(stages[0].nodes[3]).toMatchObject({ attrs: { value: 2 }, shape: [], cls: 'LEAF' });
    expect(stages[4].nodes[6]).toMatchObject({ id: 6, op: 'mul', inputs: [], attrs: {}, shape: [], name: '', cls: 'POINTWISE' });
  });

  it('the trace\'s keys are n<id>; layers from the "i." names, the shared scalar in the shared group', () => {
    const stages = built();
    expect(stages[0].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7']);
    // x sits with its only user (layer 0); the const is used by both layers
    expect(stages[0].nodes.map((n) => n.layer)).toEqual([0, 0, 1, SHARED_LAYER, 0, 0, 1, 1]);
    expect(SHARED_LAYER).toBe(-1);
  });

  it('a kept node keeps its key, a replaced one gets a fresh key and its source\'s layer', () => {
    const stages = built();
    const s = stages[1];
    expect(s.nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 's1n6', 'n7']);
    expect(s.nodes.map((n) => n.how)).toEqual(['kept', 'kept', 'kept', 'kept', 'kept', 'kept', 'replaced', 'kept']);
    expect(s.nodes[6].from).toEqual([6]);
    expect(s.nodes.map((n) => n.layer)).toEqual([0, 0, 1, SHARED_LAYER, 0, 0, 1, 1]);
    expect(s.changed).toBe(true);
  });

  it('a pass that keeps every node as it was has not changed anything', () => {
    const stages = built();
    expect(stages[2].nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 's1n6', 'n7']);
    expect(stages[2].changed).toBe(false);
  });

  it('without provenance: fresh keys, layers from the names and the inputs; changed by the counts and hits', () => {
    const stages = built();
    const s = stages[3];
    expect(s.nodes.map((n) => n.key)).toEqual(['s3n0', 's3n1', 's3n2', 's3n3', 's3n4', 's3n5', 's3n6', 's3n7']);
    expect(s.nodes.map((n) => n.how)).toEqual(Array(8).fill(null));
    expect(s.nodes.map((n) => n.layer)).toEqual([0, 0, 1, SHARED_LAYER, 0, 0, 1, 1]);
    expect(s.changed).toBe(false);                 // same counts, no hits
    expect(stages[4].changed).toBe(true);          // hits
  });

  it('byKey finds each node of a stage', () => {
    const stages = built();
    expect(stages[1].byKey.get('s1n6')).toBe(stages[1].nodes[6]);
    expect(stages[1].byKey.get('n6')).toBeUndefined();
    expect(stages[0].byKey.size).toBe(8);
  });

  it('layerCount: the highest layer + 1, the shared group is no layer', () => {
    const stages = built();
    expect(layerCount(stages[0])).toBe(2);
    expect(layerCount({ nodes: [{ layer: SHARED_LAYER }] })).toBe(1);
    expect(layerCount({ nodes: [] })).toBe(1);
  });
});

describe('buildStages edge cases', () => {
  it('a result without a provenance list: no stage has provenance', () => {
    const r = result();
    delete r.provenance;
    const s = buildStages(r);
    expect(s.map((st) => st.prov)).toEqual([null, null, null, null, null]);
    expect(s[1].nodes[0].key).toBe('s1n0');
  });

  it('an input named "i." takes layer i; other ops never take a layer from their name', () => {
    const r = { passes: [{ name: 'trace', nodes: 4, ops: 2 }], graphs: { trace: { nodes: [
      [0, 'input', [], {}, [2], '3.k_cache'],
      [1, 'neg', [0], {}, [2], '7.neg'],
      [2, 'param', [], {}, [2], '5.w'],
      [3, 'mul', [1, 2], {}, [2], '1.out'],
    ], outputs: [3] } } };
    expect(buildStages(r)[0].nodes.map((n) => n.layer)).toEqual([3, 3, 5, 5]);
  });

  it('no passes, no stages; graphs missing: empty stages named after their pass', () => {
    expect(buildStages({})).toEqual([]);
    const s = buildStages({ passes: [{ name: 'trace', nodes: 0, ops: 0 }] });
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ key: 'trace', name: 'trace', nodes: [], outputs: [], inputNames: {}, prov: null });
  });

  it('two nodes kept from one old node: the later one is re-keyed', () => {
    const r = result();
    r.passes = r.passes.slice(0, 2);
    r.provenance = [{ pass: 'decompose', nodes: { ...kept([0, 1, 2, 3, 4, 5, 6]), 7: { how: 'merged', from: [6] } }, removed: [] }];
    const s = buildStages(r)[1];
    expect(s.nodes.map((n) => n.key)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 's1n7']);
    expect(s.changed).toBe(true);
  });

  it('provenance that does not cover every node is not used', () => {
    const r = result();
    r.passes = r.passes.slice(0, 2);
    r.provenance = [{ pass: 'decompose', nodes: kept([0, 1, 2]), removed: [] }];
    const s = buildStages(r)[1];
    expect(s.nodes.map((n) => n.key)).toEqual(['s1n0', 's1n1', 's1n2', 's1n3', 's1n4', 's1n5', 's1n6', 's1n7']);
    expect(s.changed).toBe(false);                 // by the counts: 8 nodes, 4 ops, no hits
  });

  it('a removed node, or a kept node whose inputs moved, is a change', () => {
    const r = result();
    r.passes = r.passes.slice(0, 2);
    r.provenance = [{ pass: 'decompose', nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]), removed: [9] }];
    expect(buildStages(r)[1].changed).toBe(true);
    const q = result();
    q.passes = q.passes.slice(0, 2);
    q.graphs.decompose = { nodes: TRACE.map((n) => (n[0] === 7 ? [7, 'add', [6, 0], {}, [2, 2], ''] : n)), outputs: [7] };
    q.provenance = [{ pass: 'decompose', nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]), removed: [] }];
    expect(buildStages(q)[1].changed).toBe(true);
    const o = result();
    o.passes = o.passes.slice(0, 2);
    o.graphs.decompose = { nodes: TRACE.map((n) => (n[0] === 7 ? [7, 'sub', [6, 3], {}, [2, 2], ''] : n)), outputs: [7] };
    o.provenance = [{ pass: 'decompose', nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]), removed: [] }];
    expect(buildStages(o)[1].changed).toBe(true);
  });

  it('a node made from several layers takes the lowest; from the shared group only, it is shared', () => {
    const r = result();
    r.passes = r.passes.slice(0, 2);
    r.provenance = [{ pass: 'decompose', nodes: {
      ...kept([0, 1, 2, 4, 5, 6, 7]), 3: { how: 'folded', from: [3] }, 6: { how: 'expanded', from: [6, 4] },
    }, removed: [] }];
    const s = buildStages(r)[1];
    expect(s.nodes[6].layer).toBe(0);
    expect(s.nodes[3].layer).toBe(SHARED_LAYER);
    expect(s.nodes[3].key).toBe('s1n3');
  });
});

describe('helpers', () => {
  it('kernelOf maps each node of each kernel to the kernel\'s index', () => {
    const m = kernelOf({}, [{ nodes: [4, 5] }, { nodes: [6] }]);
    expect([...m.entries()]).toEqual([[4, 0], [5, 0], [6, 1]]);
    expect(kernelOf({}, undefined).size).toBe(0);
  });

  it('decodeArray reads little-endian float64 from base64', () => {
    // 1.0 = 00 00 00 00 00 00 f0 3f; -2.5 = 00 00 00 00 00 00 04 c0
    const a = decodeArray({ shape: [2], f64: 'AAAAAAAA8D8AAAAAAAAEwA==' });
    expect(a.shape).toEqual([2]);
    expect([...a.data]).toEqual([1, -2.5]);
    expect(decodeArray({ shape: [0], f64: '' }).data).toHaveLength(0);
  });
});

describe('the trace\'s layer rules, node by node', () => {
  it('ops take the latest layer among their own inputs; leaves sit with their users\' one layer', () => {
    const rows = [
      ['param', [], '0.w'], ['param', [], '1.w'],
      ['neg', [0], ''],            // 2: reads layer 0 only (the next node's first input is layer 1's)
      ['mul', [1, 0], ''],         // 3: latest of 1 and 0
      ['add', [2, 3], ''],         // 4: layer 1
      ['neg', [2], ''],            // 5: layer 0; node 2 is read by layers 0 and 1 but is no leaf: it stays in 0
      ['input', [], 'x'],          // 6: an input nothing reads, no prefix: layer 0
      ['input', [], 'y'],          // 7: read by layer 4 only
      ['param', [], '4.w'],
      ['mul', [7, 8], ''],         // 9: layer 4
      ['const', [], ''],           // 10: read by layer 3 only
      ['param', [], '3.w'],
      ['add', [10, 11], ''],       // 12: layer 3
      ['const', [], ''],           // 13: read twice, both times by layer 0
      ['mul', [13, 0], ''],
      ['add', [13, 14], ''],
    ];
    const nodes = rows.map(([op, inputs, name], i) => [i, op, inputs, {}, [2], name]);
    const s = buildStages({ passes: [{ name: 'trace', nodes: rows.length, ops: 8 }], graphs: { trace: { nodes, outputs: [15] } } })[0];
    expect(s.nodes.map((n) => n.layer)).toEqual([0, 1, 0, 1, 1, 0, 0, 4, 4, 4, 3, 3, 3, 0, 0, 0]);
    expect(layerCount(s)).toBe(5);
  });
});

describe('a pass\'s provenance, case by case (JSON results)', () => {
  const two = (prov, graph = TRACE) => {
    const r = result();
    r.passes = r.passes.slice(0, 2);
    r.graphs.decompose = { nodes: graph, outputs: [graph.length - 1] };
    r.provenance = [{ pass: 'decompose', removed: [], ...prov }];
    return buildStages(r)[1];
  };

  it('a kept node made from two nodes, or with fewer inputs, or reading outside the graph: a change', () => {
    expect(two({ nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]) }).changed).toBe(false);
    expect(two({ nodes: { ...kept([0, 1, 2, 3, 4, 5, 6]), 7: { how: 'kept', from: [7, 3] } } }).changed).toBe(true);
    expect(two({ nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]) }, TRACE.map((n) => (n[0] === 7 ? [7, 'add', [6], {}, [2, 2], ''] : n))).changed).toBe(true);
    // the trace and the pass both read a node 99 that is not there: still not "nothing changed"
    const r = result();
    r.passes = r.passes.slice(0, 2);
    const odd = TRACE.map((n) => (n[0] === 7 ? [7, 'add', [6, 99], {}, [2, 2], ''] : n));
    r.graphs.trace = { nodes: odd, outputs: [7] };
    r.graphs.decompose = { nodes: odd, outputs: [7] };
    r.provenance = [{ pass: 'decompose', nodes: kept([0, 1, 2, 3, 4, 5, 6, 7]), removed: [] }];
    expect(buildStages(r)[1].changed).toBe(true);
    // one node fewer, every node kept and nothing listed as removed: a change all the same
    expect(two({ nodes: kept([0, 1, 2, 3, 4, 5, 6]) }, TRACE.slice(0, 7)).changed).toBe(true);
  });

  it('from ids outside the stage before are dropped; a kept node with no from gets a fresh key', () => {
    const s = two({ nodes: { ...kept([1, 2, 3, 4, 5, 6]), 0: { how: 'kept', from: [] }, 7: { how: 'kept', from: [-1, 8, 7] } } });
    expect(s.nodes[7].from).toEqual([7]);
    expect(s.nodes[7].key).toBe('n7');
    expect(s.nodes[0].from).toEqual([]);
    expect(s.nodes[0].key).toBe('s1n0');
    expect(s.nodes[1].key).toBe('n1');
  });

  it('a node from several: the lowest layer in any order, the shared group only when nothing else', () => {
    const s = two({ nodes: { ...kept([0, 1, 2, 3]), 4: { how: 'replaced', from: [4, 6] }, 5: { how: 'replaced', from: [6, 3] },
      6: { how: 'replaced', from: [3, 6, 4] }, 7: { how: 'replaced', from: [3] } } });
    expect(s.nodes.slice(4).map((n) => n.layer)).toEqual([0, 1, 0, SHARED_LAYER]);
  });

  it('without provenance, a node named "i." takes layer i whatever its inputs', () => {
    const r = result();
    r.passes = r.passes.slice(0, 2);
    r.graphs.decompose = { nodes: [...TRACE.slice(0, 7), [7, 'add', [4, 3], {}, [2, 2], '3.out']], outputs: [7] };
    delete r.provenance;
    expect(buildStages(r)[1].nodes.map((n) => n.layer)).toEqual([0, 0, 1, SHARED_LAYER, 0, 0, 1, 3]);
  });

  it('the views get the result\'s own provenance; an entry without nodes lists none', () => {
    const r = result();
    const stages = buildStages(r);
    expect(stages[1].prov).toBe(r.provenance[0]);
    r.provenance[0] = { pass: 'decompose' };
    const s = buildStages(r)[1];
    expect(s.nodes.map((n) => n.how)).toEqual(Array(8).fill(null));
    expect(s.nodes[0].key).toBe('s1n0');
  });
});
