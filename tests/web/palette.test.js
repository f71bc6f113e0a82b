// palette.test.js — web/views/kernels/palette.js: kernel colours never the compute / memory colours
// (style.css --compute #3b82f6, --memory #f59e0b) nor near them, and ten distinct ones.
import { describe, expect, it } from 'vitest';

import { KERNEL_COLORS, kernelColor } from '../../web/views/kernels/palette.js';

const rgb = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const dist = (a, b) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]));

describe('kernel palette', () => {
  it('far from the bound colours, and from each other', () => {
    for (const c of KERNEL_COLORS) {
      expect(dist(c, '#3b82f6'), c).toBeGreaterThan(90);
      expect(dist(c, '#f59e0b'), c).toBeGreaterThan(90);
    }
    for (let i = 0; i < KERNEL_COLORS.length; i++) {
      for (let j = i + 1; j < KERNEL_COLORS.length; j++) expect(dist(KERNEL_COLORS[i], KERNEL_COLORS[j]), `${i} ${j}`).toBeGreaterThan(45);
    }
  });
  it('cycles by kernel index', () => {
    expect(kernelColor(0)).toBe(KERNEL_COLORS[0]);
    expect(kernelColor(KERNEL_COLORS.length + 2)).toBe(KERNEL_COLORS[2]);
  });
});
