// views/graph/tween.js — the frames of one pass animation: each joined element goes from its `from` state
// ({x, y, s, o}) to its `to` state, edges follow their ends and fade out ('out') or in ('in'). A frame writes
// only what moves: with the union layout a pass keeps most nodes where they were, and rewriting every node's
// transform and every edge's path each frame made the browser lay out and repaint the whole drawing 60 times a
// second (bench/lab_perf.mjs part b). The first frame considers everything, the last one too, at t = 1; and no
// attribute is written with the value it already has (each element keeps what was last written to it, across
// tweens: the still picture a step ends with rewrote every node and edge, a full relayout and repaint), nor the
// path of an edge while it is invisible (a fading edge's box, often most of the drawing, repainted every frame).

/** d3.easeCubicInOut (here so this module is pure: tests/web/tween.test.js). */
export const easeCubicInOut = (t) => ((t *= 2) <= 1 ? t * t * t : (t -= 2) * t * t + 2) / 2;

/** An element's state at t (0..1, eased). */
export function frameAt(d, t) {
  const a = d.from, b = d.to;
  const e = easeCubicInOut(t);
  return { x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e, s: a.s + (b.s - a.s) * e, o: a.o + (b.o - a.o) * e };
}

/** Whether an element changes between its from and to states. */
export function moves(d) {
  const a = d.from, b = d.to;
  return !(a === b || (a.x === b.x && a.y === b.y && a.s === b.s && a.o === b.o));
}

/** The path of an edge between two boxes at {x, y, s, w, h}: side by side in a row, else top to bottom. */
export function edgePath(a, b) {
  if (Math.abs(b.y - a.y) < Math.min(a.h * a.s, b.h * b.s) / 2) {   // side by side (a row of the grid)
    const dir = b.x >= a.x ? 1 : -1;
    const x1 = a.x + (dir * a.w * a.s) / 2, x2 = b.x - (dir * b.w * b.s) / 2;
    const mx = (x1 + x2) / 2;
    return `M${x1},${a.y} C${mx},${a.y} ${mx},${b.y} ${x2},${b.y}`;
  }
  const x1 = a.x, y1 = a.y + (a.h * a.s) / 2;
  const x2 = b.x, y2 = b.y - (b.h * b.s) / 2;
  const dy = Math.max(12, Math.abs(y2 - y1) / 2);
  return `M${x1},${y1} C${x1},${y1 + dy} ${x2},${y2 - dy} ${x2},${y2}`;
}

const edgeOpacity = (d, t) => (d.phase === 'out' ? Math.max(0, 1 - t * 2) : d.phase === 'in' ? Math.max(0, t * 2 - 1) : 1);

/** Sets attribute name of element el to v (a string or number) unless it was last set to that. */
function put(el, name, v) {
  const was = el.__tw || (el.__tw = {});
  if (was[name] === v) return;
  was[name] = v;
  el.setAttribute(name, v);
}
/** The same for a CSS property of the element's own style (CSSOM: the page's CSP allows no style attribute). */
function putStyle(el, name, v) {
  const was = el.__tw || (el.__tw = {});
  if (was[`style:${name}`] === v) return;
  was[`style:${name}`] = v;
  el.style.setProperty(name, v);
}

// An edge fades by its stroke's opacity (style.css: stroke-opacity is var(--fade) times the edge's own) and
// by an arrowhead marker of about that opacity (graph.js: #arrow-2 … #arrow-8, 20 % steps), not by an
// opacity on the path: a group opacity over a path and its marker is a layer the size of the edge's box,
// rasterized each frame (45 fading edges: 60 ms a frame, 11 ms so; bench/lab_perf.mjs (b)).
/** The marker-end of an edge whose arrowhead has opacity a (a wrapped edge's is 0.6 of its fade). */
export function arrowFor(a) {
  if (a >= 0.9) return 'url(#arrow)';
  if (a < 0.1) return 'none';
  return `url(#arrow-${Math.min(8, Math.max(2, Math.round(a * 5) * 2))})`;
}

/**
 * sel: {nodes, edges, shapes} (d3 selections, or anything with each / filter / empty, of the joined elements: data
 * {key, v, from, to} and edges {s, t, phase}); byKey: key → datum. Returns {still, apply(t)}: still when nothing
 * moves or fades.
 */
export function createTween(sel, byKey) {
  const mv = new Set();
  sel.nodes.each((d) => { if (moves(d)) mv.add(d.key); });
  const edgeMoves = (e) => e.phase !== 'both' || mv.has(e.s) || mv.has(e.t);
  const moving = { nodes: sel.nodes.filter((d) => mv.has(d.key)), edges: sel.edges.filter(edgeMoves) };
  const hasShapes = sel.shapes && !sel.shapes.empty();
  let lastT = null;

  function write(nodes, edges, t) {
    nodes.each(function (d) {
      const c = frameAt(d, t);
      d.cur = c;
      put(this, 'transform', `translate(${c.x},${c.y}) scale(${c.s})`);
      put(this, 'opacity', c.o);
    });
    edges.each(function (d) {
      const a = byKey.get(d.s), b = byKey.get(d.t);
      const o = edgeOpacity(d, t);
      putStyle(this, '--fade', o);
      put(this, 'marker-end', arrowFor(o * (d.wrap ? 0.6 : 1)));
      if (!a || !b) {
        if (this.__tw) delete this.__tw.d;
        this.removeAttribute('d');
        return;
      }
      // (an edge that shows again gets its path first: the frame it becomes visible)
      if (o > 0) put(this, 'd', edgePath({ ...a.cur, h: a.v.h, w: a.v.w }, { ...b.cur, h: b.v.h, w: b.v.w }));
    });
  }

  function apply(t) {
    t = Math.max(0, Math.min(1, t));
    if (t === lastT) return;
    const first = lastT === null;
    if (first) write(sel.nodes, sel.edges, t);
    else write(moving.nodes, moving.edges, t);
    // shapes on edges show only when the picture is still
    if (hasShapes && (first || (t >= 1) !== (lastT >= 1))) {
      sel.shapes.each(function (d) {
        const a = byKey.get(d.s), b = byKey.get(d.t);
        put(this, 'x', a && b ? (a.cur.x + b.cur.x) / 2 : -1e4);
        put(this, 'y', a && b ? (a.cur.y + b.cur.y) / 2 : -1e4);
        put(this, 'opacity', t >= 1 ? 1 : 0);
      });
    }
    lastT = t;
  }

  return { still: moving.nodes.empty() && moving.edges.empty(), apply };
}
