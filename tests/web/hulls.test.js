// hulls.test.js — web/views/graph/hulls.js: one hull per fused kernel around its nodes' padded boxes.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../web/lib.js', async () => ({ d3: await import('d3') }));
const { kernelHulls } = await import('../../web/views/graph/hulls.js');

describe('kernel hulls', () => {
  it('encloses every box of a kernel (padded) and nothing of the others', () => {
    const nodes = [
      { x: 0, y: 0, w: 40, h: 20, kernel: 0 }, { x: 0, y: 60, w: 40, h: 20, kernel: 0 },
      { x: 200, y: 0, w: 30, h: 20, kernel: 1 }, { x: 100, y: 100, w: 30, h: 20 },
    ];
    const hs = kernelHulls(nodes, 4);
    expect(hs.map((h) => h.ki)).toEqual([0, 1]);
    const bbox = (h) => {
      const xs = h.hull.map((p) => p[0]), ys = h.hull.map((p) => p[1]);
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    };
    expect(bbox(hs[0])).toEqual([-24, -14, 24, 74]);
    expect(bbox(hs[1])).toEqual([181, -14, 219, 14]);
    expect(kernelHulls([{ x: 0, y: 0, w: 10, h: 10 }])).toEqual([]);
  });
});
