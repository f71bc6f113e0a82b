// kernels/palette.js — one colour per fused kernel (bars, roofline points, graph hulls, memory blocks).
// Never the blue and orange that mean compute- and memory-bound (--compute #3b82f6, --memory #f59e0b), nor
// the vector ceiling's green: a kernel's swatch must not read as its bound (tests/web/palette.test.js keeps
// every colour far from both, and from each other).
export const KERNEL_COLORS = ['#b07aa1', '#76b7b2', '#e15759', '#8c6d31', '#ff9da7', '#5254a3', '#c5b0d5', '#843c39', '#9edae5', '#7f7f7f'];

export function kernelColor(ki) {
  return KERNEL_COLORS[((ki % KERNEL_COLORS.length) + KERNEL_COLORS.length) % KERNEL_COLORS.length];
}
