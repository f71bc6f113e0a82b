// views/graph/ranges.js — a stack too big for a readable box per layer, folded into ranges of layers.
//
// The grid of a stack (graph/grid.js) draws one box per layer; fitted to a phone, 126 of them come out at
// 8 px. Like the blocks of one layer (graph/blocks.js), the layers then fold into labelled groups: ranges of
// R consecutive layers ("L0–9"), R the smallest of RANGE_SIZES whose grid, fitted to the canvas, draws its
// labels at the target size. A range the user opened (or that holds an opened layer) shows its layers in
// place. Pure functions (no DOM).
import { gridLayout } from './grid.js';

export const RANGE_SIZES = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 32, 50, 64, 100, 128];

/**
 * layers: the layer numbers in order (the shared inputs excluded); boxOfRange(a, b): {w, h} of a range's box,
 * boxOfLayer(l): of a layer's; open(a): whether the range starting at layer a is opened; fits(grid): whether
 * a grid (gridLayout's result) is drawn big enough; gridArgs: gridLayout's other arguments ({top, aspect, gapY}).
 * Returns {size, rangeOf: Map layer → [a, b] (closed ranges only)}: size 1, an empty map, when every layer fits.
 */
export function chooseRanges(layers, { boxOfRange, boxOfLayer, open, fits, gridArgs }) {
  let best = null;
  for (const size of RANGE_SIZES) {
    if (size > 1 && size >= layers.length) break;
    const rangeOf = new Map();
    const items = [];
    for (let i = 0; i < layers.length; i += size) {
      const part = layers.slice(i, i + size);
      const a = part[0], b = part[part.length - 1];
      if (size === 1 || open(a, b)) {
        for (const l of part) items.push({ key: `L${l}`, ...boxOfLayer(l) });
        continue;
      }
      for (const l of part) rangeOf.set(l, [a, b]);
      items.push({ key: `R${a}`, ...boxOfRange(a, b) });
    }
    best = { size, rangeOf };
    const grid = gridLayout({ ...gridArgs, items });
    if (fits(grid)) return best;
  }
  return best || { size: 1, rangeOf: new Map() };
}
