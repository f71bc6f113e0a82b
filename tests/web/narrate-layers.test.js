// narrateLayers (web/narrate.js): what a pass changed in each layer of a stack drawn as a grid of layer boxes
// (its stages carry per-layer summaries only), in English and in Chinese.
import { describe, it, expect, afterEach } from 'vitest';
import { narrateLayers } from '../../web/narrate.js';
import { setLang } from '../../web/i18n/i18n.js';

const stack = (n, count) => ({ groups: [{ layer: -1, count: 1 }, ...Array.from({ length: n }, (_, i) => ({ layer: i, count: typeof count === 'function' ? count(i) : count }))] });

describe('narrateLayers', () => {
  afterEach(() => setLang('en'));
  it('every layer changed alike: said once for all of them', () => {
    expect(narrateLayers(stack(126, 51), stack(126, 46))).toBe('in each of the 126 layers: 51 → 46 nodes (−5)');
  });
  it('some layers changed: how many, and the first few kinds of change with their first layer', () => {
    expect(narrateLayers(stack(126, 51), stack(126, (i) => (i < 2 ? 50 : 51)))).toBe('2 of 126 layers changed: L0 and 1 more: 51 → 50 (−1)');
    expect(narrateLayers(stack(126, 51), stack(126, (i) => (i === 0 ? 40 : i < 5 ? 50 : i < 7 ? 52 : i < 9 ? 53 : 51))))
      .toBe('9 of 126 layers changed: L0: 51 → 40 (−11); L1 and 3 more: 51 → 50 (−1); L5 and 1 more: 51 → 52 (+1); …');
  });
  it('nothing changed in any layer', () => {
    expect(narrateLayers(stack(4, 51), stack(4, 51))).toBe('no layer changed (all 4 as before)');
    expect(narrateLayers({ groups: [] }, { groups: [] })).toBe('');
  });
  it('in Chinese', () => {
    setLang('zh');
    expect(narrateLayers(stack(126, 51), stack(126, 46))).toBe('126\u00a0层中的每一层：51 → 46\u00a0个节点（−5）');
    expect(narrateLayers(stack(126, 51), stack(126, (i) => (i < 2 ? 50 : 51)))).toBe('126\u00a0层中有\u00a02\u00a0层改变：第\u00a00\u00a0层等另外\u00a01\u00a0层：51 → 50（−1）');
  });
});
