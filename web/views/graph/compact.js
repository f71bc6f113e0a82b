// views/graph/compact.js — a folded stage's boxes pulled together where the union layout left empty bands.
//
// Every stage draws at its union positions (graph/union.js), and the union holds every block some pass
// unfolds: a stage folded into a few groups would sit in a layout sized for all their members, two boxes
// 380 px apart with nothing between them, fitted at a scale that leaves few of them. Compacting removes the
// empty horizontal and vertical bands (a band no drawn box touches) down to `gap`, keeping every box's order
// and alignment, so the same stage compacts the same way and a pass step moves boxes only by the bands its
// pass opened or closed. Pure functions (no DOM).

/** The shift of each coordinate: intervals [lo, hi] of the drawn boxes on one axis merged, every gap between
 *  them wider than `gap` shortened to `gap`. Returns c → the coordinate moved by its interval's shift. */
export function bandShift(intervals, gap) {
  const iv = intervals.slice().sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [lo, hi] of iv) {
    const m = merged[merged.length - 1];
    if (m && lo <= m[1] + gap) m[1] = Math.max(m[1], hi);
    else merged.push([lo, hi]);
  }
  // each merged band's shift: the excess of every gap above it
  const shifts = [];
  let cut = 0;
  for (let i = 0; i < merged.length; i++) {
    if (i > 0) cut += merged[i][0] - merged[i - 1][1] - gap;
    shifts.push(cut);
  }
  return (c) => {
    // the band holding c (boxes lie inside their bands; a coordinate between bands takes the band below it)
    let lo = 0, hi = merged.length - 1, at = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (merged[mid][0] <= c) { at = mid; lo = mid + 1; } else hi = mid - 1;
    }
    return merged.length ? c - shifts[at] : c;
  };
}

/** boxes: [{key, x, y, w, h}] (centres). Returns Map key → [x, y] with the empty bands closed to `gap`. */
export function compactBoxes(boxes, gap = 28) {
  const fx = bandShift(boxes.map((b) => [b.x - b.w / 2, b.x + b.w / 2]), gap);
  const fy = bandShift(boxes.map((b) => [b.y - b.h / 2, b.y + b.h / 2]), gap);
  return new Map(boxes.map((b) => [b.key, [fx(b.x - b.w / 2) + b.w / 2, fy(b.y - b.h / 2) + b.h / 2]]));
}
