// memory-ticks.test.js — web/views/memory/ticks.js: byte axes in one binary unit with power-of-two steps
// (hand-written expectations; the sizes are the plans of docs/panels/memory.md).
import { describe, expect, it } from 'vitest';

import { binaryTicks, tickText } from '../../web/views/memory/ticks.js';

const texts = (t) => t.ticks.map((v) => tickText(v, t.scale));

describe('binaryTicks', () => {
  it('the small layer: greedy 9 KiB, naive 17.25 KiB', () => {
    const g = binaryTicks(9216);
    expect([g.unit, texts(g)]).toEqual(['KiB', ['0', '2', '4', '6', '8', '10']]);
    const n = binaryTicks(17664);
    expect([n.unit, texts(n)]).toEqual(['KiB', ['0', '4', '8', '12', '16', '20']]);
  });
  it('steps of 256 KiB rather than a fraction of a MiB', () => {
    const t = binaryTicks(1.5 * 1048576);
    expect([t.unit, texts(t)]).toEqual(['KiB', ['0', '512', '1024', '1536']]);
    expect(texts(binaryTicks(1200 * 1024))).toEqual(['0', '256', '512', '768', '1024', '1280']);
  });
  it('Llama-3-8B plans in MiB; small plans in bytes', () => {
    const t = binaryTicks(232 * 1048576);
    expect([t.unit, texts(t)]).toEqual(['MiB', ['0', '64', '128', '192', '256']]);
    const b = binaryTicks(624);
    expect([b.unit, texts(b)]).toEqual(['B', ['0', '128', '256', '384', '512', '640']]);
    expect(texts(binaryTicks(3))).toEqual(['0', '1', '2', '3']);
  });
  it('the last tick covers the maximum; nothing but zero or less gives one byte', () => {
    for (const m of [1, 1000, 1023, 1024, 4097, 123456789, 5e9]) {
      const t = binaryTicks(m);
      expect(t.top).toBeGreaterThanOrEqual(m);
      expect(t.ticks[t.ticks.length - 1]).toBe(t.top);
      expect(Number.isInteger(Math.log2(t.step))).toBe(true);
    }
    expect(binaryTicks(0).top).toBe(1);
  });
});
