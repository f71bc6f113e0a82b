// kernel-names-more.test.js — web/kernel-names.js on small hand-built graphs (issue 36: its mutation score was
// 75 %): every naming rule the reference's cases do not reach (a weight the table does not know, the plain
// matmul, a kernel with nothing recognised, cache writes by name, a gate without SiLU, a standalone SiLU, the
// RMSNorm named by the projection that reads it, layer prefixes, repeated names numbered), the written /
// on-chip split through views and ids that are no node, the column graph (columnsGraph) giving the same
// names as node objects, and the values' tables (describeValues, valueFacts, valueFactsOfColumns,
// valuesTable). Every expectation is written out by hand from the graph above it, never computed by the
// module.
import { describe, expect, it } from 'vitest';

import { columnsGraph, describeKernels, describeValues, valueBytes, valueFacts, valueFactsOfColumns, valuesTable, weightBase }
  from '../../web/kernel-names.js';

/** A node as model.js decodes it. */
const N = (id, op, inputs, shape, name = '', layer = 0) => ({ id, op, inputs, shape, name, layer });
const K = (kind, label, nodes) => ({ kind, label, nodes });
const names = (d) => d.map((k) => k.name);

describe('weightBase', () => {
  it('drops a layer prefix of up to four digits and what follows a ·', () => {
    expect(weightBase('12.w_gate')).toBe('w_gate');
    expect(weightBase('1234.wq')).toBe('wq');
    expect(weightBase('12345.wq')).toBe('12345.wq');
    expect(weightBase('wv·diag(attn_norm)')).toBe('wv');
    expect(weightBase('x.3.wq')).toBe('x.3.wq');
    expect(weightBase(null)).toBe('');
    expect(weightBase(undefined)).toBe('');
  });
});

describe('valueBytes', () => {
  it('elements × element size, symbols from bind, NaN without a shape or a binding', () => {
    expect(valueBytes({ shape: [2, 3] }, 4)).toBe(24);
    expect(valueBytes({ shape: [2, 'S'] }, 2, { S: 5 })).toBe(20);
    expect(valueBytes({ shape: [] }, 8)).toBe(8);
    expect(valueBytes({ shape: [2, 'S'] }, 2)).toBeNaN();
    expect(valueBytes({}, 4)).toBeNaN();
    expect(valueBytes(null, 4)).toBeNaN();
  });
});

describe('describeKernels: names', () => {
  it('not a list of kernels: nothing; no graph: the op labels', () => {
    expect(describeKernels(null, [])).toEqual([]);
    expect(describeKernels({}, [])).toEqual([]);
    expect(describeKernels([K('matmul', 'matmul+add', [1])], null)).toEqual([
      { name: 'matmul+add', layer: null, detail: 'matmul: matmul+add', written: [], onChip: [] }]);
  });

  // x @ proj_x, then @ y (no weight), then neg: the unknown weight, the plain matmul, an unrecognised kernel
  const plain = [
    N(0, 'input', [], [2, 4], 'x'), N(1, 'param', [], [4, 4], 'proj_x'), N(2, 'matmul', [0, 1], [2, 4]),
    N(3, 'input', [], [4, 2], 'y'), N(4, 'matmul', [2, 3], [2, 2]), N(5, 'neg', [4], [2, 2]),
  ];
  const plainK = [K('matmul', 'matmul', [2]), K('matmul', 'matmul', [4]), K('pointwise', 'neg', [5])];
  const plainWant = [
    { name: 'proj_x projection', layer: 0, detail: 'matmul: matmul', written: [2], onChip: [] },
    { name: 'matmul', layer: 0, detail: 'matmul: matmul', written: [4], onChip: [] },
    { name: 'neg', layer: 0, detail: 'pointwise: neg', written: [5], onChip: [] },
  ];
  it('a weight the table does not know, a matmul without one, a kernel with nothing recognised', () => {
    expect(describeKernels(plainK, plain, [5])).toEqual(plainWant);
  });

  it('the same from a column table\'s stage (columnsGraph), ids out of range ignored', () => {
    const strs = ['input', 'param', 'matmul', 'neg', '', 'x', 'proj_x', 'y'];
    const st = {
      n: 6, layer: [0, 0, 0, 0, 0, 0],
      g: {
        op: Int32Array.from([0, 1, 2, 0, 2, 3]), names: Int32Array.from([5, 6, 4, 7, 4, 4]),
        inStart: Int32Array.from([0, 0, 0, 2, 2, 4, 5]), ins: Int32Array.from([0, 1, 2, 3, 4]),
      },
    };
    const g = columnsGraph({ str: (i) => strs[i] }, st);
    expect(g.n).toBe(6);
    expect([...g.bits]).toEqual([65536, 131072, 1, 65536, 1, 32]);
    expect(g.slotOf(3)).toBe(3);
    expect(g.slotOf(6)).toBe(-1);
    expect(g.slotOf(-1)).toBe(-1);
    expect(g.slotOf(1.5)).toBe(-1);
    expect(g.op(4)).toBe('matmul');
    expect(g.name(1)).toBe('proj_x');
    expect(describeKernels(plainK, g, [5])).toEqual(plainWant);
    const bad = { ...st, g: { ...st.g, ins: Int32Array.from([0, 1, 2, 9, 4]) } };   // an input that is no node
    expect([...columnsGraph({ str: (i) => strs[i] }, bad).ins]).toEqual([0, 1, 2, -1, 4]);
    expect(describeKernels(plainK, { ...g, n: 0 }, [5]).map((k) => k.name)).toEqual(['matmul', 'matmul', 'neg']);
  });

  it('cache writes by the cache they read; two alike numbered', () => {
    const nodes = [
      N(0, 'input', [], [1, 4], 'k_new'), N(1, 'input', [], [8, 4], 'k_cache'), N(2, 'kv_write', [1, 0], [8, 4]),
      N(3, 'input', [], [8, 4], '0.v_cache'), N(4, 'kv_write', [3, 0], [8, 4]),
      N(5, 'input', [], [8, 4], 'scratch_cache'), N(6, 'kv_write', [5, 0], [8, 4]),
      N(7, 'kv_write', [0], [8, 4]),
    ];
    const d = describeKernels([K('write', 'kv_write', [2]), K('write', 'kv_write', [4]), K('write', 'kv_write', [6]),
      K('write', 'kv_write', [7])], nodes, [2, 4, 6, 7]);
    expect(names(d)).toEqual(['K cache write', 'V cache write', 'cache write', 'cache write (2)']);
  });

  it('a gate without SiLU, a standalone SiLU, and the up projection gated by it', () => {
    const nodes = [
      N(0, 'input', [], [2, 4], 'x', 1), N(1, 'param', [], [4, 4], 'w_gate', 1), N(2, 'matmul', [0, 1], [2, 4], '', 1),
      N(3, 'silu', [2], [2, 4], '', 1), N(4, 'param', [], [4, 4], '1.w_up', 1), N(5, 'matmul', [0, 4], [2, 4], '', 1),
      N(6, 'mul', [5, 3], [2, 4], '', 1), N(7, 'mul', [5, 2], [2, 4], '', 1),
    ];
    const d = describeKernels([K('matmul', 'matmul', [2]), K('pointwise', 'silu', [3]), K('matmul', 'matmul+mul', [5, 6])],
      nodes, [6]);
    expect(names(d)).toEqual(['gate projection', 'SiLU', 'up projection × SiLU(gate)']);
    expect(d.map((k) => k.layer)).toEqual([1, 1, 1]);
    expect(d[2].onChip).toEqual([]);            // node 7 (in no kernel) reads the up projection too
    expect(d[2].written).toEqual([5, 6]);
    const d2 = describeKernels([K('matmul', 'matmul', [2]), K('matmul', 'matmul+mul', [5, 7])], nodes, [7]);
    expect(names(d2)).toEqual(['gate projection', 'up projection × gate']);
    // the SiLU spelled out (neg, exp, add, div, no sum) in an epilogue
    const spelled = [
      N(0, 'input', [], [2, 4], 'x'), N(1, 'param', [], [4, 4], 'w_gate'), N(2, 'matmul', [0, 1], [2, 4]),
      N(3, 'neg', [2], [2, 4]), N(4, 'exp', [3], [2, 4]), N(5, 'const', [], [], 'one'), N(6, 'add', [5, 4], [2, 4]),
      N(7, 'div', [2, 6], [2, 4]),
    ];
    expect(names(describeKernels([K('matmul', 'matmul+neg+exp+add+div', [2, 3, 4, 6, 7])], spelled, [7])))
      .toEqual(['gate projection + SiLU']);
    expect(names(describeKernels([K('matmul', 'matmul', [2]), K('pointwise', 'neg+exp+add+div', [3, 4, 6, 7])], spelled, [7])))
      .toEqual(['gate projection', 'SiLU']);
  });

  // rms rows of x (x², row sums, rsqrt, x·r) read by the projection given
  const rmsGraph = (weight, wLayer = 0, nLayer = 0) => [
    N(0, 'input', [], [2, 4], 'x', nLayer), N(1, 'mul', [0, 0], [2, 4], '', nLayer), N(2, 'sum', [1], [2, 1], '', nLayer),
    N(3, 'rsqrt', [2], [2, 1], '', nLayer), N(4, 'mul', [0, 3], [2, 4], '', nLayer),
    N(5, 'param', [], [4, 6], weight, wLayer), N(6, 'matmul', [4, 5], [2, 6], '', wLayer),
  ];
  const rmsK = [K('row', 'mul+sum+rsqrt+mul', [1, 2, 3, 4]), K('matmul', 'matmul', [6])];
  it('an RMSNorm is named by the projection that reads it', () => {
    expect(names(describeKernels(rmsK, rmsGraph('lm_head'), [6]))).toEqual(['final RMSNorm', 'LM head']);
    expect(names(describeKernels(rmsK, rmsGraph('w_up'), [6]))).toEqual(['MLP RMSNorm', 'up projection']);
    expect(names(describeKernels(rmsK, rmsGraph('w_gate'), [6]))).toEqual(['MLP RMSNorm', 'gate projection']);
    expect(names(describeKernels(rmsK, rmsGraph('wk'), [6]))).toEqual(['attention RMSNorm', 'K projection']);
    expect(names(describeKernels(rmsK, rmsGraph('wv'), [6]))).toEqual(['attention RMSNorm', 'V projection']);
    expect(names(describeKernels(rmsK, rmsGraph('wo'), [6]))).toEqual(['RMSNorm', 'O projection']);
    expect(names(describeKernels([rmsK[0]], rmsGraph('wq'), [4]))).toEqual(['RMSNorm']);
    const d = describeKernels(rmsK, rmsGraph('wq'), [6]);
    expect(d[0].onChip).toEqual([1, 2, 3]);
    expect(d[0].written).toEqual([4]);
  });

  it('an RMSNorm takes the layer of the weights that read it; several layers prefix the names', () => {
    // the norm's nodes say layer 2, the reading weight is layer 3's: the norm is layer 3's
    const nodes = [...rmsGraph('3.wq', 3, 2), N(7, 'neg', [6], [2, 6], '', 2)];
    const d = describeKernels([...rmsK, K('pointwise', 'neg', [7])], nodes, [7]);
    expect(names(d)).toEqual(['L3 attention RMSNorm', 'L3 Q projection', 'L2 neg']);
    expect(d.map((k) => k.layer)).toEqual([3, 3, 2]);
    // two readers of layers 5 and 4: the earlier one's
    const two = [...rmsGraph('5.wq', 5, 2), N(7, 'param', [], [4, 6], '4.wk', 4), N(8, 'matmul', [4, 7], [2, 6], '', 4)];
    const d2 = describeKernels([...rmsK, K('matmul', 'matmul', [8])], two, [6, 8]);
    expect(names(d2)).toEqual(['L4 attention RMSNorm', 'L5 Q projection', 'L4 K projection']);
    // a kernel's layer: the latest of its nodes' when no weight names one (nulls and negatives ignored)
    const late = [N(0, 'input', [], [2], 'x', null), N(1, 'neg', [0], [2], '', 1), N(2, 'exp', [1], [2], '', 4),
      N(3, 'neg', [2], [2], '', -1), N(4, 'neg', [3], [2], '', 2)];
    const d3 = describeKernels([K('pointwise', 'neg+exp+neg', [1, 2, 3]), K('pointwise', 'neg', [4])], late, [4]);
    expect(d3.map((k) => k.layer)).toEqual([4, 2]);
    expect(names(d3)).toEqual(['L4 neg+exp+neg', 'L2 neg']);
  });

  it('scores: scale by a const, mask by name; residual not from a const or param; the square', () => {
    const nodes = [
      N(0, 'input', [], [2, 4], 'q'), N(1, 'input', [], [2, 4], 'k'), N(2, 'transpose', [1], [4, 2]),
      N(3, 'matmul', [0, 2], [2, 2]), N(4, 'const', [], [], 'scale'), N(5, 'mul', [3, 4], [2, 2]),
      N(6, 'input', [], [2, 2], 'attn_mask'), N(7, 'add', [5, 6], [2, 2]),
    ];
    expect(names(describeKernels([K('matmul', 'matmul+mul+add', [3, 5, 7])], nodes, [7])))
      .toEqual(['attention scores Q·Kᵀ × scale + mask']);
    const res = [
      N(0, 'input', [], [2, 4], 'h'), N(1, 'param', [], [4, 4], 'wo'), N(2, 'matmul', [0, 1], [2, 4]),
      N(3, 'param', [], [4], 'bias'), N(4, 'add', [2, 3], [2, 4]), N(5, 'const', [], [], 'c'), N(6, 'add', [4, 5], [2, 4]),
      N(7, 'add', [6, 0], [2, 4]), N(8, 'mul', [7, 7], [2, 4]),
    ];
    expect(names(describeKernels([K('matmul', 'matmul+add+add', [2, 4, 6])], res, [6]))).toEqual(['O projection']);
    expect(names(describeKernels([K('matmul', 'matmul+add+add+add+mul', [2, 4, 6, 7, 8])], res, [7, 8])))
      .toEqual(['O projection + residual + x² (next RMSNorm)']);
  });

  it('values leave a kernel through views, as outputs or read by another kernel; a view read inside stays', () => {
    const nodes = [
      N(0, 'input', [], [2, 4], 'x'), N(1, 'neg', [0], [2, 4]), N(2, 'reshape', [1], [8]), N(3, 'exp', [2], [8]),
      N(4, 'transpose', [3], [8]), N(5, 'neg', [4], [8]), N(6, 'exp', [0], [2, 4]), N(7, 'reshape', [6], [8]),
    ];
    const ks = [K('pointwise', 'neg+exp', [1, 3, 42]), K('pointwise', 'neg', [5]), K('pointwise', 'exp', [6])];
    const d = describeKernels(ks, nodes, [7]);
    expect(d.map((k) => [k.written, k.onChip])).toEqual([[[3], [1, 42]], [[], [5]], [[6], []]]);
    // read elsewhere through a view chain (transpose of a reshape)
    const d2 = describeKernels([K('pointwise', 'neg', [1]), K('pointwise', 'exp+neg', [3, 5])], nodes, [5]);
    expect(d2.map((k) => [k.written, k.onChip])).toEqual([[[1], []], [[5], [3]]]);
  });
});

describe('the values\' tables', () => {
  const nodes = [N(0, 'input', [], [2, 4], 'x'), N(1, 'param', [], ['S', 4], 'w'), N(2, 'matmul', [0, 1], [2, 4])];
  it('describeValues: [op, shape, bytes] of the kernels\' nodes', () => {
    expect(describeValues([K('matmul', 'matmul', [2, 1, 9])], nodes, 4, { S: 3 })).toEqual({
      1: ['param', ['S', 4], 48], 2: ['matmul', [2, 4], 32] });
    expect(describeValues(null, nodes, 4)).toEqual({});
    expect(describeValues([], null, 4)).toEqual({});
  });

  it('valueFacts: keys, op dictionary, shapes as a list, elements (NaN unbound)', () => {
    const f = valueFacts(Int32Array.from([2, 0, 2, -1]), nodes);
    expect(f.keys.t).toBe('istr');
    expect([...f.keys.data]).toEqual([0, 2]);
    expect(f.op.dict).toEqual(['input', 'matmul']);
    expect([...f.op.idx]).toEqual([0, 1]);
    expect([...f.shape.off]).toEqual([0, 2, 4]);
    expect(f.shape.items.t).toBe('f64');
    expect([...f.shape.items.data]).toEqual([2, 4, 2, 4]);
    expect([...f.elems]).toEqual([8, 8]);
    const s = valueFacts([1, 2], nodes, { S: 5 });
    expect([...s.keys.data]).toEqual([1, 2]);
    expect(s.op.dict).toEqual(['param', 'matmul']);
    expect(s.shape.items.t).toBe('mix');
    expect([...s.shape.items.nums.data]).toEqual([NaN, 4, 2, 4]);
    expect(s.shape.items.strs.dict).toEqual(['S']);
    expect([...s.shape.items.strs.idx]).toEqual([0, -1, -1, -1]);
    expect([...s.elems]).toEqual([20, 8]);
    expect([...valueFacts([1], nodes).elems]).toEqual([NaN]);
    // ids not at their index: found by id
    const shuffled = [nodes[2], nodes[0], nodes[1]];
    expect([...valueFacts([0, 2], shuffled).op.dict]).toEqual(['input', 'matmul']);
    expect(valueFacts([7], nodes).keys.n).toBe(0);
  });

  it('valueFactsOfColumns: the same table from packed columns (a symbol: hi word -2^31, lo its string)', () => {
    const strs = ['input', 'param', 'matmul', 'S'];
    // node 0: input [2, 4]; node 1: param [S, 4]; node 2: matmul [2, 4]; node 3: input [2^32 + 1]
    const g = {
      n: 4, op: Int32Array.from([0, 1, 2, 0]), rank: Int32Array.from([2, 2, 2, 1]), dimStart: Int32Array.from([0, 2, 4, 6]),
      dims: Int32Array.from([2, 0, 4, 0, 3, -2147483648, 4, 0, 2, 0, 4, 0, 1, 1]),
    };
    const f = valueFactsOfColumns(Int32Array.from([2, 0, 2, -1, 9]), g, (i) => strs[i]);
    expect([...f.keys.data]).toEqual([0, 2]);
    expect(f.op.dict).toEqual(['input', 'matmul']);
    expect([...f.op.idx]).toEqual([0, 1]);
    expect([...f.shape.off]).toEqual([0, 2, 4]);
    expect(f.shape.items.t).toBe('f64');
    expect([...f.shape.items.data]).toEqual([2, 4, 2, 4]);
    expect([...f.elems]).toEqual([8, 8]);
    const s = valueFactsOfColumns([1, 3, 0], g, (i) => strs[i], { S: 5 });
    expect([...s.keys.data]).toEqual([0, 1, 3]);
    expect(s.op.dict).toEqual(['input', 'param']);
    expect([...s.op.idx]).toEqual([0, 1, 0]);
    expect([...s.shape.off]).toEqual([0, 2, 4, 5]);
    expect(s.shape.items.t).toBe('mix');
    expect([...s.shape.items.nums.data]).toEqual([2, 4, NaN, 4, 4294967297]);
    expect(s.shape.items.strs.dict).toEqual(['S']);
    expect([...s.shape.items.strs.idx]).toEqual([-1, -1, 0, -1, -1]);
    expect([...s.elems]).toEqual([8, 20, 4294967297]);
    expect([...valueFactsOfColumns([1], g, (i) => strs[i]).elems]).toEqual([NaN]);
  });

  it('valuesTable: bytes at one element size, NaN when unbound, its own copies of the columns', () => {
    const f = valueFacts([0, 1, 2], nodes);
    const t = valuesTable(f, 2);
    expect(t.t).toBe('dict');
    expect([...t.keys.data]).toEqual([0, 1, 2]);
    expect(t.vals.t).toBe('tup');
    expect(t.vals.n).toBe(3);
    expect(t.vals.len).toBe(3);
    expect(t.vals.cols[0].dict).toEqual(['input', 'param', 'matmul']);
    expect([...t.vals.cols[2].data]).toEqual([16, NaN, 16]);
    expect(t.keys.data).not.toBe(f.keys.data);
    expect(Object.is(valuesTable(valueFacts([0], [N(0, 'input', [], [0], 'z')]), 4).vals.cols[2].data[0], 0)).toBe(true);
  });
});
