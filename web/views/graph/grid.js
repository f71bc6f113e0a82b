// views/graph/grid.js — the layout of a stack drawn one box per layer, in time linear in the layers.
//
// The collapsed graph is a chain (layer i feeds layer i + 1) plus the shared inputs: dagre spent seconds
// (256 layers: 13 s) finding that out. Here the shared inputs sit on top and the layer boxes fill a grid
// whose shape follows the canvas (a column for a few layers), row by row in reading order (left to right, then
// the next row: a class reads "L17" where it expects it; the edge from a row's end to the next row's start is
// drawn dashed by the view). An opened layer is a block of its own (its nodes laid out by dagre,
// positions relative to the block) on a full row, in its place in the order.

const GAP_X = 14;
const MARGIN = 10;
const COLUMN_MAX = 8;

/** Columns for n boxes of cellW × cellH in a canvas of shape `aspect` (width / height): the count whose grid,
 *  fitted to the canvas, is drawn biggest (extraH: the height above the grid, the shared inputs' row). One
 *  column for up to COLUMN_MAX boxes. */
export function gridColumns(n, cellW, cellH, aspect, extraH = 0) {
  if (n <= COLUMN_MAX) return 1;           // a few layers read best as the chain they are
  let best = 1, bestK = 0;
  for (let c = 1; c <= n; c++) {
    const w = c * cellW + 2 * MARGIN, h = Math.ceil(n / c) * cellH + extraH + 2 * MARGIN;
    const k = Math.min(aspect / w, 1 / h);   // the scale of the fit, in units of the canvas's height
    if (k > bestK + 1e-12) { best = c; bestK = k; }
  }
  return best;
}

/**
 * items: in drawing order, {key, w, h} (a box) or {block: true, keys, pos: Map key → [x, y], width, height}
 *        (an opened layer); `top` (optional) is the shared-inputs item, drawn first on a row of its own.
 * gapY: the space between rows. Returns {pos: Map key → [x, y] (centres), width, height, cols}.
 */
export function gridLayout({ top = null, items, aspect = 1.6, gapY = 22 }) {
  const boxes = items.filter((it) => !it.block);
  let cellW = 40, cellH = 24;
  for (const b of boxes) {
    cellW = Math.max(cellW, b.w);
    cellH = Math.max(cellH, b.h);
  }
  cellW += GAP_X;
  cellH += gapY;
  const cols = gridColumns(boxes.length, cellW, cellH, aspect, top ? (top.block ? top.height + gapY : cellH) : 0);
  let width = cols * cellW;
  for (const it of [top, ...items]) if (it && it.block) width = Math.max(width, it.width);
  if (top && !top.block) width = Math.max(width, top.w + GAP_X);
  const pos = new Map();
  let y = MARGIN;
  const placeBlock = (b) => {
    const x0 = MARGIN + (width - b.width) / 2;
    for (const k of b.keys) {
      const [bx, by] = b.pos.get(k);
      pos.set(k, [x0 + bx, y + by]);
    }
    y += b.height + gapY;
  };
  if (top) {
    if (top.block) placeBlock(top);
    else {
      pos.set(top.key, [MARGIN + width / 2, y + cellH / 2]);
      y += cellH;
    }
  }
  let col = 0;
  let row = 0;
  for (const it of items) {
    if (it.block) {
      if (col > 0) {
        y += cellH;
        row++;
      }
      col = 0;
      row = 0;     // after a block the order starts again from the left
      placeBlock(it);
      continue;
    }
    pos.set(it.key, [MARGIN + col * cellW + cellW / 2, y + cellH / 2]);
    if (++col === cols) {
      col = 0;
      row++;
      y += cellH;
    }
  }
  if (col > 0) y += cellH;
  return { pos, width: width + 2 * MARGIN, height: y + MARGIN, cols };
}
