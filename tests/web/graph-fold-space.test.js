// Unit tests of how a big drawing is made readable without hiding labels: a folded stage's empty bands closed
// (web/views/graph/compact.js), a stack's layers folded into ranges when a box per layer would be too small
// (web/views/graph/ranges.js), and the grid's column count (web/views/graph/grid.js gridColumns).
import { describe, it, expect } from 'vitest';
import { bandShift, compactShifts } from '../../web/views/graph/compact.js';

// the places the graph view gives boxes (visual.js foldedPlaces): their centres moved by the shifts of all of them
const compactBoxes = (boxes, gap) => {
  const { fx, fy } = compactShifts(boxes, gap);
  return new Map(boxes.map((b) => [b.key, [fx(b.x), fy(b.y)]]));
};
import { chooseRanges } from '../../web/views/graph/ranges.js';
import { gridColumns } from '../../web/views/graph/grid.js';

describe('compactShifts: empty bands closed, order and alignment kept', () => {
  it('two boxes 380 px apart in a column come 28 px apart; a box beside them keeps its row', () => {
    const pos = compactBoxes([
      { key: 'a', x: 100, y: 50, w: 40, h: 20 },
      { key: 'b', x: 100, y: 450, w: 40, h: 20 },
      { key: 'c', x: 300, y: 460, w: 40, h: 20 },
    ], 28);
    expect(pos.get('a')).toEqual([100, 50]);
    // b's top 440 was 380 below a's bottom 60: now 28 below it
    expect(pos.get('b')).toEqual([100, 98]);
    // c overlaps b's band (450..470 with 440..460): it moves with it; its column 160 px right of a's: 28
    expect(pos.get('c')).toEqual([168, 108]);
  });

  it('boxes closer than the gap do not move', () => {
    const boxes = [{ key: 'a', x: 20, y: 20, w: 30, h: 20 }, { key: 'b', x: 20, y: 55, w: 30, h: 20 }];
    expect([...compactBoxes(boxes, 28)]).toEqual([['a', [20, 20]], ['b', [20, 55]]]);
  });

  it('bandShift: a coordinate takes the shift of the band at or above it', () => {
    const f = bandShift([[0, 10], [100, 110], [300, 320]], 10);
    expect([f(0), f(5), f(100), f(110), f(300), f(320)]).toEqual([0, 5, 20, 30, 40, 60]);
  });
});

describe('chooseRanges: layers fold into ranges only when a box per layer does not fit', () => {
  const layers = (n) => Array.from({ length: n }, (_, i) => i);
  const box = { w: 50, h: 26 };
  const args = (scaleNeeded, open = () => false) => ({
    boxOfLayer: () => box, boxOfRange: () => ({ w: 80, h: 26 }), open,
    // the canvas 360 × 500: fits when the grid fitted to it draws at scaleNeeded or more
    fits: (g) => Math.min(360 / g.width, 500 / g.height) >= scaleNeeded,
    gridArgs: { aspect: 0.72, gapY: 14 },
  });

  it('32 layers that fit: a box per layer, no range', () => {
    const r = chooseRanges(layers(32), args(0.5));
    expect(r.size).toBe(1);
    expect(r.rangeOf.size).toBe(0);
  });

  it('126 layers on a phone at scale 1: the smallest range size that fits, every layer in a range of it', () => {
    const tried = [];
    const a = args(1);
    const r = chooseRanges(layers(126), { ...a, fits: (g) => { const ok = a.fits(g); tried.push(ok); return ok; } });
    expect(r.size).toBeGreaterThan(1);
    expect(r.rangeOf.get(0)).toEqual([0, r.size - 1]);
    expect(r.rangeOf.get(125)[1]).toBe(125);
    // every smaller size was tried and did not fit (a box per layer first)
    expect(tried.length).toBeGreaterThan(1);
    expect(tried.slice(0, -1).every((ok) => !ok)).toBe(true);
    expect(tried[tried.length - 1]).toBe(true);
  });

  it('an opened range shows its layers (no rangeOf entry), the others stay folded', () => {
    const r = chooseRanges(layers(126), args(1, (a) => a === 0));
    expect(r.size).toBeGreaterThan(1);
    for (let l = 0; l < r.size; l++) expect(r.rangeOf.has(l)).toBe(false);
    expect(r.rangeOf.has(r.size)).toBe(true);
  });
});

describe('gridColumns: the column count whose grid is drawn biggest', () => {
  it('a few layers stand in one column', () => expect(gridColumns(8, 60, 40, 1.6)).toBe(1));
  it('126 boxes of 60 × 40 on a 1.5 canvas: 12 columns (11 rows: 740 × 460 wide enough), a tall phone canvas: fewer', () => {
    expect(gridColumns(126, 60, 40, 1.5)).toBe(12);
    expect(gridColumns(126, 60, 40, 0.5)).toBeLessThan(8);
  });
});
