// views/graph/compact.js — folded stages' boxes pulled together where the union layout left empty bands.
//
// Every stage draws at its union positions (graph/union.js), and the union holds every block some pass
// unfolds: a stage folded into a few groups would sit in a layout sized for all their members, two boxes
// 380 px apart with nothing between them, fitted at a scale that leaves few of them. Compacting removes the
// bands (horizontal and vertical) that no drawn box touches, down to `gap`, keeping every box's order and
// alignment. The shifts are made from the boxes of every stage at once (compactShifts), so a box a pass keeps
// stays where it was: only bands no stage uses are closed. Pure functions (no DOM).

/** The shift of each coordinate: intervals [lo, hi] of the drawn boxes on one axis merged, every gap between
 *  them wider than `gap` shortened to `gap`. Returns c → the coordinate moved by its band's shift (a coordinate
 *  between bands takes the shift of the band before it). */
export function bandShift(intervals, gap) {
  const iv = intervals.slice().sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [lo, hi] of iv) {
    const m = merged[merged.length - 1];
    if (m && lo <= m[1] + gap) m[1] = Math.max(m[1], hi);
    else merged.push([lo, hi]);
  }
  // each merged band's shift: the excess of every gap before it
  const shifts = [];
  let cut = 0;
  for (let i = 0; i < merged.length; i++) {
    if (i > 0) cut += merged[i][0] - merged[i - 1][1] - gap;
    shifts.push(cut);
  }
  return (c) => {
    let lo = 0, hi = merged.length - 1, at = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (merged[mid][0] <= c) { at = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return merged.length ? c - shifts[at] : c;
  };
}

/** boxes: [{x, y, w, h}] (centres) of every stage's drawing. Returns {fx, fy}: a centre's new coordinates. */
export function compactShifts(boxes, gap = 28) {
  return {
    fx: bandShift(boxes.map((b) => [b.x - b.w / 2, b.x + b.w / 2]), gap),
    fy: bandShift(boxes.map((b) => [b.y - b.h / 2, b.y + b.h / 2]), gap),
  };
}
