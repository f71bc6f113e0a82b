// kernels/labels.js — label placement for a scatter plot: every label gets a box that overlaps no other
// label, no point and no reserved box (ceiling labels), inside the plot; the candidates are tried around the
// point at growing distances (nearest first), and a label placed away from its point gets a leader line.
// Greedy, deterministic, O(labels² × candidates) — for the few dozen labels a chart carries.

// the diagonals and sides first (a label beside its point reads best), then the angles between
const DIRS = [[1, -1], [1, 1], [-1, -1], [-1, 1], [0, -1], [0, 1], [1, 0], [-1, 0],
  ...[22.5, 67.5, 112.5, 157.5, 202.5, 247.5, 292.5, 337.5].map((a) => [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)])];

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * items: [{x, y, r, w, h}] (point centre and radius, label size); bounds {x0, y0, x1, y1}; reserved: [{x, y, w, h}].
 * Returns [{x, y, w, h, leader}] per item (top-left of the label box), or null where nothing fits.
 */
export function placeLabels(items, bounds, reserved = [], { pad = 2, steps = 24 } = {}) {
  const taken = [...reserved];
  const pts = items.map((p) => ({ x: p.x - p.r - 1, y: p.y - p.r - 1, w: 2 * p.r + 2, h: 2 * p.r + 2 }));
  const out = new Array(items.length).fill(null);
  // the most crowded first: they have the fewest free places
  const crowd = items.map((p, i) => items.filter((q) => Math.hypot(q.x - p.x, q.y - p.y) < 40).length * 1e4 + i);
  const order = items.map((_, i) => i).sort((a, b) => crowd[b] - crowd[a] || a - b);
  for (const i of order) {
    const p = items[i];
    let best = null;
    for (let s = 0; s < steps && !best; s++) {
      const d = p.r + 2 * pad + 1 + s * 8 + s * s;
      for (const [dx, dy] of DIRS) {
        const cx = p.x + dx * d;
        const cy = p.y + dy * d;
        // the box extends away from the point in this direction
        const box = { x: cx - p.w / 2 + (p.w / 2) * Math.sign(dx) * Math.min(1, Math.abs(dx) * 1.5),
          y: cy - p.h / 2 + (p.h / 2) * Math.sign(dy) * Math.min(1, Math.abs(dy) * 1.5), w: p.w, h: p.h };
        if (box.x < bounds.x0 || box.y < bounds.y0 || box.x + box.w > bounds.x1 || box.y + box.h > bounds.y1) continue;
        const grown = { x: box.x - pad, y: box.y - pad, w: box.w + 2 * pad, h: box.h + 2 * pad };
        if (taken.some((t) => overlaps(grown, t)) || pts.some((t) => overlaps(grown, t))) continue;
        best = { ...box, leader: s > 0 };
        break;
      }
    }
    if (best) taken.push(best);
    out[i] = best;
  }
  return out;
}

/** True when no two of the boxes overlap (what the e2e test checks on the drawn labels). */
export function disjoint(boxes) {
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i], boxes[j])) return false;
  return true;
}
