// views/graph/union.js — one layout for every stage of a result, so a node a pass keeps stays where it was.
//
// The graph view lays out the *union* of the stages' visual graphs (nodes by stable key, model.js) once, with
// dagre, and each stage draws its nodes at their union positions: kept nodes do not move at all, a pass's new
// nodes appear in room the layout kept for them. A layer is a long chain (~25 ranks, ~40 after decompose), so
// the union drawing is folded into side-by-side columns of ranks to fill a landscape screen (foldColumns):
// the same fold for every stage. Pure functions (no DOM).

/** The union of visual graphs [{nodes: Map key → {w, h}, edges: [{s, t}]}]: dagre's input lists. */
export function unionGraph(visList) {
  const nodes = new Map();
  const edges = new Map();
  for (const vis of visList) {
    for (const [k, v] of vis.nodes) {
      const o = nodes.get(k);
      if (!o) nodes.set(k, [k, v.w, v.h]);
      else { o[1] = Math.max(o[1], v.w); o[2] = Math.max(o[2], v.h); }
    }
    for (const e of vis.edges) if (!edges.has(`${e.s}>${e.t}`)) edges.set(`${e.s}>${e.t}`, [e.s, e.t]);
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

/**
 * Folds a top-to-bottom layout into up to maxCols columns of consecutive ranks (a rank: the nodes sharing a
 * y), choosing the number of columns whose drawing fits a canvas of this aspect (width / height) largest.
 * Each column is as wide as its own nodes (packed side by side, gap apart). pos: Map key → [x, y] (centres);
 * wOf: Map key → box width; h: the tallest box. Returns {pos, width, height, cols}.
 */
export function foldColumns(pos, width, height, { aspect = 1.6, h = 30, wOf = null, gap = 36, maxCols = 8 } = {}) {
  const ys = [...new Set([...pos.values()].map((p) => p[1]))].sort((a, b) => a - b);
  if (ys.length < 2) return { pos, width, height, cols: 1 };
  const margin = 10;
  const half = (k) => (wOf && wOf.has(k) ? wOf.get(k) / 2 : 20);
  const span = ys[ys.length - 1] - ys[0];
  let best = null;
  for (let c = 1; c <= Math.min(maxCols, ys.length); c++) {
    // cut at rank boundaries into bands of about equal height
    const target = span / c;
    const bandOf = new Map();
    let band = 0;
    const tops = [ys[0]];
    for (const y of ys) {
      if (y - tops[band] > target + 1e-6 && band < c - 1) {
        band++;
        tops.push(y);
      }
      bandOf.set(y, band);
    }
    const n = tops.length;
    const x0 = new Array(n).fill(Infinity), x1 = new Array(n).fill(-Infinity), y1 = new Array(n).fill(-Infinity);
    for (const [k, [x, y]] of pos) {
      const b = bandOf.get(y);
      x0[b] = Math.min(x0[b], x - half(k));
      x1[b] = Math.max(x1[b], x + half(k));
      y1[b] = Math.max(y1[b], y);
    }
    const offs = [];
    let W = margin;
    for (let b = 0; b < n; b++) {
      offs.push(W - x0[b]);
      W += x1[b] - x0[b] + (b + 1 < n ? gap : margin);
    }
    const H = Math.max(...y1.map((y, b) => y - tops[b])) + h + 2 * margin;
    const score = Math.min(aspect / W, 1 / H);
    if (!best || score > best.score * 1.03) best = { score, n, H, W, bandOf, tops, offs };
    if (n < c) break;   // fewer ranks than columns asked: more columns cannot help
  }
  const out = new Map();
  for (const [k, [x, y]] of pos) {
    const b = best.bandOf.get(y);
    out.set(k, [x + best.offs[b], y - best.tops[b] + margin + h / 2]);
  }
  return { pos: out, width: best.W, height: best.H, cols: best.n };
}
