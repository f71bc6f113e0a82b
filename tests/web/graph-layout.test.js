// Unit tests of the layout step (web/views/graph/layout.js) under Node, where there is no Worker: dagre runs
// in process (layout-client.js's fallback), so the cache, the waiting and the cancelling are the page's own.
import { describe, it, expect, vi } from 'vitest';
import dagre from '@dagrejs/dagre';
import { createLayouts, layoutSignature } from '../../web/views/graph/layout.js';

const chain = (n, w = 60) => new Map(Array.from({ length: n }, (_, i) => [`n${i}`, { key: `n${i}`, w, h: 24 }]));
const links = (n) => Array.from({ length: n - 1 }, (_, i) => ({ s: `n${i}`, t: `n${i + 1}` }));
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('layoutSignature', () => {
  it('structure only: box sizes and edges change it, in order; options too', () => {
    const a = layoutSignature(chain(3), links(3));
    expect(layoutSignature(chain(3), links(3))).toBe(a);
    expect(layoutSignature(chain(3, 61), links(3))).not.toBe(a);
    expect(layoutSignature(chain(3), links(3).slice(1))).not.toBe(a);
    expect(layoutSignature(chain(3), links(3), { ranksep: 12 })).not.toBe(a);
  });
});

describe('createLayouts', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});   // "layout worker unavailable" under Node

  it('a layout is null until dagre answers, then cached: every node placed, top to bottom along the chain', async () => {
    const onReady = vi.fn();
    const L = createLayouts({ dagre, onReady });
    L.beginDraw();
    expect(L.dagreShape(chain(5), links(5), true)).toBe(null);
    await settle();
    expect(onReady).toHaveBeenCalledTimes(1);
    const s = L.dagreShape(chain(5), links(5), true);
    expect([...s.pos.keys()]).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    for (let i = 1; i < 5; i++) expect(s.pos.get(`n${i}`)[1]).toBeGreaterThan(s.pos.get(`n${i - 1}`)[1]);
    expect(L.dagreShape(chain(5), links(5), false)).toBe(s);   // the same structure, the same shape
  });

  it('a warm-up arriving wakes nobody; a superseded urgent layout is cancelled and never arrives', async () => {
    const onReady = vi.fn();
    const L = createLayouts({ dagre, onReady });
    L.beginDraw();
    expect(L.dagreShape(chain(4), links(4), false)).toBe(null);
    await settle();
    expect(onReady).not.toHaveBeenCalled();
    expect(L.dagreShape(chain(4), links(4), false)).not.toBe(null);
    L.beginDraw();
    L.dagreShape(chain(6), links(6), true);
    L.beginDraw();                 // the next draw does not want it
    L.cancelSuperseded();
    await settle();
    expect(onReady).not.toHaveBeenCalled();
    expect(L.dagreShape(chain(6), links(6), false)).toBe(null);   // never laid out, so not cached
  });

  it('grids: shared by signature unless opened layers make them not shareable', () => {
    const L = createLayouts({ dagre, onReady: () => {} });
    const args = { items: Array.from({ length: 20 }, (_, i) => ({ key: `L${i}`, w: 80, h: 44 })), aspect: 1.6 };
    const g = L.gridShape('a', args, true);
    expect(L.gridShape('a', args, true)).toBe(g);
    expect(L.gridShape('a', args, false)).not.toBe(g);
    expect(g.pos.size).toBe(20);
  });
});
