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

const sameInts = (a, b) => {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * Whether two lists of stages draw as the same visual graphs whatever their shapes: the same nodes (key, op,
 * name, inputs, a scalar constant's value: what a box's label and chips are made of) and outputs, stage by
 * stage. A slider that moves T or d changes shapes only: the union of the last result's stages (and its
 * layout) then serves the new one, instead of every stage's visual graph made again (~2 ms a move).
 */
export function sameDrawing(as, bs) {
  if (as === bs) return true;
  if (!as || !bs || as.length !== bs.length) return false;
  for (let s = 0; s < as.length; s++) {
    const a = as[s], b = bs[s];
    if (!a.nodes || !b.nodes || a.nodes.length !== b.nodes.length || !sameInts(a.outputs || [], b.outputs || [])) return false;
    for (let i = 0; i < a.nodes.length; i++) {
      const x = a.nodes[i], y = b.nodes[i];
      if (x.key !== y.key || x.op !== y.op || x.name !== y.name || !sameInts(x.inputs, y.inputs)) return false;
      const vx = x.attrs && x.attrs.value, vy = y.attrs && y.attrs.value;
      if ((typeof vx === 'number' || typeof vy === 'number') && !Object.is(vx, vy)) return false;
    }
  }
  return true;
}

/**
 * Folds a top-to-bottom layout into up to maxCols columns of consecutive ranks (a rank: the nodes sharing a
 * y), choosing the cuts whose drawing fits a canvas of this aspect (width / height) largest. Each column is
 * as wide as its own nodes (packed side by side, gap apart), so a cut is best between a wide part (attention)
 * and a narrow one (the MLP): every cut is tried for up to 3 columns, equal-height bands beyond.
 * pos: Map key → [x, y] (centres); wOf: Map key → box width; h: the tallest box.
 * Returns {pos, width, height, cols}.
 */
export function foldColumns(pos, width, height, { aspect = 1.6, h = 30, wOf = null, gap = 36, maxCols = 6 } = {}) {
  const ys = [...new Set([...pos.values()].map((p) => p[1]))].sort((a, b) => a - b);
  const R = ys.length;
  if (R < 2) return { pos, width, height, cols: 1 };
  const margin = 10;
  const rankOf = new Map(ys.map((y, i) => [y, i]));
  const rx0 = new Array(R).fill(Infinity), rx1 = new Array(R).fill(-Infinity);
  for (const [k, [x, y]] of pos) {
    const r = rankOf.get(y), hw = wOf && wOf.has(k) ? wOf.get(k) / 2 : 20;
    rx0[r] = Math.min(rx0[r], x - hw);
    rx1[r] = Math.max(rx1[r], x + hw);
  }
  const band = (i, j) => {   // ranks i..j-1
    let a = Infinity, b = -Infinity;
    for (let r = i; r < j; r++) { a = Math.min(a, rx0[r]); b = Math.max(b, rx1[r]); }
    return { x0: a, w: b - a, h: ys[j - 1] - ys[i] };
  };
  const measure = (cuts) => {   // cuts: band starts, first 0
    const bands = cuts.map((c, i) => band(c, i + 1 < cuts.length ? cuts[i + 1] : R));
    const W = bands.reduce((a, b) => a + b.w, 0) + gap * (bands.length - 1) + 2 * margin;
    const H = Math.max(...bands.map((b) => b.h)) + h + 2 * margin;
    return { cuts, bands, W, H, score: Math.min(aspect / W, 1 / H) };
  };
  let best = measure([0]);
  const consider = (cuts) => {
    const m = measure(cuts);
    if (m.score > best.score * 1.03) best = m;
  };
  for (let i = 1; i < R; i++) {
    consider([0, i]);
    if (maxCols >= 3 && R <= 160) for (let j = i + 1; j < R; j++) consider([0, i, j]);
  }
  for (let c = 4; c <= Math.min(maxCols, R); c++) {
    const span = ys[R - 1] - ys[0];
    const cuts = [0];
    for (let r = 1; r < R; r++) if (ys[r] - ys[cuts[cuts.length - 1]] > span / c && cuts.length < c) cuts.push(r);
    consider(cuts);
  }
  if (best.cuts.length === 1) return { pos, width, height, cols: 1 };
  const offs = [];
  let x = margin;
  for (const b of best.bands) {
    offs.push(x - b.x0);
    x += b.w + gap;
  }
  const bandOfRank = new Array(R);
  best.cuts.forEach((c, i) => { for (let r = c; r < (i + 1 < best.cuts.length ? best.cuts[i + 1] : R); r++) bandOfRank[r] = i; });
  const out = new Map();
  for (const [k, [px, py]] of pos) {
    const b = bandOfRank[rankOf.get(py)];
    out.set(k, [px + offs[b], py - ys[best.cuts[b]] + margin + h / 2]);
  }
  return { pos: out, width: best.W, height: best.H, cols: best.cuts.length };
}
