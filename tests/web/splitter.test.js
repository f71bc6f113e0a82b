// splitter.test.js — the workspace splitter's pure part (web/shell/splitter.js): sizes clamped to the bounds and
// whole, and the keys: → / ↓ grow the region by 16 px (Shift: 64), ← / ↑ shrink it, Home / End go to the bounds,
// the other axis's arrows and other keys do nothing (null), and a region that grows leftwards (grow -1) turns
// the arrows round.
import { describe, it, expect } from 'vitest';
import { clampSize, sizeForKey } from '../../web/shell/splitter.js';

const X = { axis: 'x', grow: 1, min: 220, max: 600 };

describe('splitter sizes', () => {
  it('clamps to the bounds and rounds', () => {
    expect(clampSize(100, 220, 600)).toBe(220);
    expect(clampSize(900, 220, 600)).toBe(600);
    expect(clampSize(300.6, 220, 600)).toBe(301);
  });
  it('moves by 16 px, 64 with Shift, within the bounds', () => {
    expect(sizeForKey('ArrowRight', false, 300, X)).toBe(316);
    expect(sizeForKey('ArrowLeft', false, 300, X)).toBe(284);
    expect(sizeForKey('ArrowRight', true, 300, X)).toBe(364);
    expect(sizeForKey('ArrowLeft', true, 250, X)).toBe(220);
    expect(sizeForKey('ArrowRight', false, 596, X)).toBe(600);
  });
  it('Home and End go to the bounds', () => {
    expect(sizeForKey('Home', false, 300, X)).toBe(220);
    expect(sizeForKey('End', false, 300, X)).toBe(600);
  });
  it('ignores the other axis and other keys', () => {
    expect(sizeForKey('ArrowDown', false, 300, X)).toBe(null);
    expect(sizeForKey('Enter', false, 300, X)).toBe(null);
    expect(sizeForKey('ArrowLeft', false, 300, { ...X, axis: 'y' })).toBe(null);
  });
  it('a y splitter whose region grows upwards: ↑ makes it bigger', () => {
    const Y = { axis: 'y', grow: -1, min: 120, max: 500 };
    expect(sizeForKey('ArrowUp', false, 300, Y)).toBe(316);
    expect(sizeForKey('ArrowDown', false, 300, Y)).toBe(284);
  });
});
