// roofline-labels.test.js — web/views/kernels/labels.js: labels placed clear of each other, of every point
// and of the reserved boxes, inside the plot, even when many points coincide (decode: a dozen kernels at
// about 1 FLOP/byte).
import { describe, expect, it } from 'vitest';

import { disjoint, placeLabels } from '../../web/views/kernels/labels.js';

const bounds = { x0: 60, y0: 10, x1: 560, y1: 360 };
const inside = (b) => b.x >= bounds.x0 && b.y >= bounds.y0 && b.x + b.w <= bounds.x1 && b.y + b.h <= bounds.y1;
const hitsPoint = (b, p) => p.x + p.r > b.x && p.x - p.r < b.x + b.w && p.y + p.r > b.y && p.y - p.r < b.y + b.h;

describe('placeLabels', () => {
  it('a lone point gets its label beside it, without a leader', () => {
    const [b] = placeLabels([{ x: 200, y: 200, r: 5, w: 80, h: 14 }], bounds);
    expect(b.leader).toBe(false);
    expect(b.x).toBe(210);                 // right of the point, above it
    expect(b.y + b.h).toBe(190);
  });
  it('twelve points in a cluster: every label placed, none overlapping another, a point or a reserved box', () => {
    const pts = Array.from({ length: 12 }, (_, i) => ({ x: 200 + (i % 4) * 11, y: 220 + Math.floor(i / 4) * 11, r: 5.5, w: 60 + 7 * i, h: 14 }));
    const reserved = [{ x: 300, y: 100, w: 200, h: 14 }];
    const boxes = placeLabels(pts, bounds, reserved);
    expect(boxes.every(Boolean)).toBe(true);
    expect(disjoint([...boxes, ...reserved])).toBe(true);
    for (const b of boxes) {
      expect(inside(b)).toBe(true);
      for (const p of pts) expect(hitsPoint(b, p)).toBe(false);
    }
    expect(boxes.some((b) => b.leader)).toBe(true);     // the crowded ones are led away from their points
  });
  it('a point at the plot\'s edge puts its label inside', () => {
    const [b] = placeLabels([{ x: 555, y: 15, r: 5, w: 90, h: 14 }], bounds);
    expect(inside(b)).toBe(true);
  });
  it('no room at all: null rather than an overlap', () => {
    const tiny = { x0: 0, y0: 0, x1: 30, y1: 30 };
    expect(placeLabels([{ x: 15, y: 15, r: 5, w: 100, h: 14 }], tiny)).toEqual([null]);
  });
});
