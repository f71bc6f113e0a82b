// Unit tests of the graph view's union layout helpers (web/views/graph/union.js) and the chips of leaves
// (web/views/graph/leaves.js).
import { describe, it, expect } from 'vitest';
import { unionGraph, foldColumns, sameDrawing } from '../../web/views/graph/union.js';
import { leafChips } from '../../web/views/graph/leaves.js';

describe('unionGraph', () => {
  it('one node per key (widest box), one edge per pair, in first-seen order', () => {
    const a = { nodes: new Map([['x', { w: 40, h: 20 }], ['y', { w: 60, h: 20 }]]), edges: [{ s: 'x', t: 'y' }] };
    const b = { nodes: new Map([['y', { w: 90, h: 24 }], ['z', { w: 50, h: 20 }]]), edges: [{ s: 'y', t: 'z' }, { s: 'x', t: 'y' }] };
    expect(unionGraph([a, b])).toEqual({ nodes: [['x', 40, 20], ['y', 90, 24], ['z', 50, 20]], edges: [['x', 'y'], ['y', 'z']] });
  });
});

describe('sameDrawing', () => {
  const stage = (over = {}) => ({
    outputs: [2],
    nodes: [
      { key: 'n0', op: 'input', name: 'x', inputs: [], attrs: {}, shape: [2048, 4096] },
      { key: 'n1', op: 'const', name: '', inputs: [], attrs: { value: 0.125 }, shape: [] },
      { key: 'n2', op: 'mul', name: '', inputs: [0, 1], attrs: {}, shape: [2048, 4096] },
    ].map((n, i) => ({ ...n, ...(over[i] || {}) })),
  });
  it('other shapes draw the same', () => {
    expect(sameDrawing([stage()], [stage({ 0: { shape: [4096, 4096] }, 2: { shape: [4096, 4096] } })])).toBe(true);
  });
  it('another label, key, input, scalar constant, output or stage count does not', () => {
    expect(sameDrawing([stage()], [stage({ 2: { op: 'add' } })])).toBe(false);
    expect(sameDrawing([stage()], [stage({ 0: { name: 'y' } })])).toBe(false);
    expect(sameDrawing([stage()], [stage({ 2: { key: 's1n2' } })])).toBe(false);
    expect(sameDrawing([stage()], [stage({ 2: { inputs: [1, 0] } })])).toBe(false);
    expect(sameDrawing([stage()], [stage({ 1: { attrs: { value: 0.0883883 } } })])).toBe(false);
    expect(sameDrawing([stage()], [{ ...stage(), outputs: [1] }])).toBe(false);
    expect(sameDrawing([stage()], [stage(), stage()])).toBe(false);
  });
});

describe('foldColumns', () => {
  // a chain of 40 ranks, 30 apart, one 60-wide box each: tall and narrow
  const chain = new Map(Array.from({ length: 40 }, (_, i) => [`n${i}`, [50, 15 + 30 * i]]));
  const wOf = new Map([...chain.keys()].map((k) => [k, 60]));

  it('a tall chain on a wide canvas becomes side-by-side columns, ranks in order down each column', () => {
    const f = foldColumns(chain, 100, 1200, { aspect: 2, h: 20, wOf });
    expect(f.cols).toBeGreaterThan(2);
    expect(f.height).toBeLessThan(1200 / 2);
    for (let i = 1; i < 40; i++) {
      const [x0, y0] = f.pos.get(`n${i - 1}`), [x1, y1] = f.pos.get(`n${i}`);
      // the next rank is below in the same column, or at the top of the next column to the right
      expect((x1 === x0 && y1 - y0 === 30) || (x1 > x0 && y1 < y0), `n${i}`).toBe(true);
    }
    for (const [, [x, y]] of f.pos) {
      expect(x - 30).toBeGreaterThanOrEqual(0);
      expect(x + 30).toBeLessThanOrEqual(f.width);
      expect(y).toBeLessThanOrEqual(f.height);
    }
  });

  it('a wide, short graph stays one column, unchanged', () => {
    const wide = new Map([['a', [100, 20]], ['b', [900, 20]], ['c', [500, 60]]]);
    const f = foldColumns(wide, 1000, 80, { aspect: 1.6, h: 20 });
    expect(f.cols).toBe(1);
    expect(f.pos).toBe(wide);
  });
});

describe('leafChips', () => {
  const stage = {
    outputs: [4],
    nodes: [
      { id: 0, op: 'input', inputs: [], attrs: {}, name: 'x' },
      { id: 1, op: 'param', inputs: [], attrs: {}, name: 'wq' },
      { id: 2, op: 'const', inputs: [], attrs: { value: 0.5 }, name: '' },
      { id: 3, op: 'const', inputs: [], attrs: {}, name: '' },          // a tensor constant stays a box
      { id: 4, op: 'mul', inputs: [0, 1, 2, 3], attrs: {}, name: '' },
    ],
  };
  it('weights and scalar constants become chips of their reader; inputs and tensor constants stay boxes', () => {
    const { chipped, chips } = leafChips(stage, false);
    expect([...chipped]).toEqual([1, 2]);
    expect(chips.get(4)).toEqual([{ id: 1, label: 'wq' }, { id: 2, label: 'const 0.5' }]);
  });
  it('leaves=1: no chips', () => {
    expect(leafChips(stage, true).chipped.size).toBe(0);
  });
});
