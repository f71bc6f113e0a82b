// views/graph/keyboard.js — the graph's nodes from the keyboard (issue 33). One node is in the Tab order (a
// roving tabindex: the node last focused, else the selection, else the first node); from it the arrows walk the
// drawn edges — ↓ / → to a node that uses this one's value, ↑ / ← to one of its inputs, the nearest by position
// when there are several — Home / End go to the first / last node, Enter / Space act as a click (select, pick a
// node a lesson asks for, open a folded group). The walk remembers its way: the opposite arrow goes back to the
// node it came from, and the same arrow pressed again there tries the next nearest, so every branch is reachable.
// A redraw keeps the focus on the same node (keyed join); an opened group passes it to its first member, a
// removed node to the nearest node still drawn. A mouse click selects without taking the focus into the graph.

/** The order of the walk's candidates: nearest to `from` first ({x, y}), then the drawing's order (`i`). */
export function byDistance(from, cands) {
  const d2 = (c) => (c.x - from.x) ** 2 + (c.y - from.y) ** 2;
  return cands.slice().sort((a, b) => d2(a) - d2(b) || a.i - b.i);
}

/**
 * One arrow press of the walk, without the DOM. at: the focused key; dir: 'down' (to a user) or 'up' (to an
 * input); cands: the keys it may go to, nearest first; walk: {path: [{from, to, dir}], back: {at, dir, tried} |
 * null}, updated in place. Returns the key to focus, or null when there is nowhere to go.
 */
export function step(at, dir, cands, walk) {
  if (!cands.length) return null;
  const top = walk.path[walk.path.length - 1];
  // the opposite arrow retraces the last move
  if (top && top.to === at && top.dir !== dir && cands.includes(top.from)) {
    walk.path.pop();
    walk.back = { at: top.from, dir: top.dir, tried: at };
    return top.from;
  }
  let i = 0;
  // back where a move started: the same arrow takes the next candidate after the one just left
  if (walk.back && walk.back.at === at && walk.back.dir === dir) {
    const j = cands.indexOf(walk.back.tried);
    if (j >= 0) i = (j + 1) % cands.length;
  }
  walk.back = null;
  walk.path.push({ from: at, to: cands[i], dir });
  if (walk.path.length > 500) walk.path.shift();
  return cands[i];
}

const DIRS = { ArrowDown: 'down', ArrowRight: 'down', ArrowUp: 'up', ArrowLeft: 'up' };

/**
 * gNodes: the d3 selection of the nodes' layer; isSelected(d): the lab's selection; activate(d): a click on d
 * (graph.js: pick, open or select); reveal(el): bring el into the view. Returns {bind(enter), before(), after(
 * elements, edges, was), rove()}: bind the keys on entering nodes; before() the join removes anything, after()
 * it ends (roving tabindex, the walk's edges, the focus kept); rove() again when the selection changed.
 */
export function createKeyboard({ gNodes, isSelected, activate, reveal }) {
  let current = null;   // the key of the node in the Tab order
  let lastSel = null;   // the selection's key when last seen (a new selection takes the Tab stop)
  let live = [];        // the drawn nodes' data (no ghosts), in the drawing's order
  let byKey = new Map();  // key → {d, i: its place in the drawing's order}
  let users = new Map(), inputs = new Map();
  const walk = { path: [], back: null };
  let moving = null;    // the key an arrow is focusing (its focus event keeps the walk)

  const root = () => gNodes.node();
  const elOf = (key) => {
    let found = null;
    gNodes.selectAll('g.node').each(function (d) { if (!found && d.key === key && !d.ghost) found = this; });
    return found;
  };
  /** The focused node's datum, when the focus is on one of the graph's nodes. */
  function focused() {
    const a = document.activeElement;
    return a && a !== root() && root().contains(a) && a.__data__ ? a.__data__ : null;
  }

  function focusKey(key) {
    const el = elOf(key);
    if (!el) return;
    current = key;
    rove();
    moving = key;
    el.focus({ preventScroll: true });   // (the canvas clips: the view pans instead, reveal)
    moving = null;
    reveal(el);
  }

  function onKey(ev, d) {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || d.ghost) return;
    const dir = DIRS[ev.key];
    let to = null;
    if (dir) {
      if (!byKey.has(d.key)) return;
      const pos = (k) => { const b = byKey.get(k); return { key: k, x: b.d.to.x, y: b.d.to.y, i: b.i }; };
      const near = byDistance(pos(d.key), [...((dir === 'down' ? users : inputs).get(d.key) || [])].map(pos)).map((c) => c.key);
      to = step(d.key, dir, near, walk);
    } else if (ev.key === 'Home' || ev.key === 'End') {
      walk.path = [];
      walk.back = null;
      to = live.length ? live[ev.key === 'Home' ? 0 : live.length - 1].key : null;
    } else if (ev.key === 'Enter' || ev.key === ' ') {
      activate(d);
    } else return;
    // the node keeps its keys: the stepper's (← → Home End Space) and the lesson's (← →) act elsewhere
    ev.preventDefault();
    ev.stopPropagation();
    if (to !== null && to !== d.key) focusKey(to);
  }

  /** Keys and focus on the nodes a join enters (the handlers read the datum when they fire). */
  function bind(enter) {
    // a click does not take the focus into the graph (→ after a click still steps the passes); one on a node
    // while the keyboard is in the graph moves the focus there
    enter.on('mousedown.kbd', (ev) => { if (!focused()) ev.preventDefault(); });
    enter.on('keydown.kbd', onKey).on('focus.kbd', function (ev, d) {
      if (d.ghost) return;
      if (moving !== d.key) {
        // focused by Tab or a click: a new walk starts here
        walk.path = [];
        walk.back = null;
      }
      if (current !== d.key) {
        current = d.key;
        rove();
      }
      if (moving !== d.key) reveal(this);
    });
  }

  /** Before a join: the focused node and where it was, or null when the focus is elsewhere. */
  function before() {
    const d = focused();
    if (!d) return null;
    // a folded group stands for its members (a block's keys, a layer's nodes): where it opens, the focus goes
    const members = d.v.group ? (d.v.members ? new Set(d.v.members) : null) : null;
    const layer = d.v.group && !d.v.members ? d.v.layer : null;
    return { key: d.key, x: d.to.x, y: d.to.y, members, layer };
  }

  /** After a join of elements and edges: the Tab stop, the walk's edges, the focus where it was (was: before()). */
  function after(elements, edges, was) {
    live = elements.filter((d) => !d.ghost);
    byKey = new Map(live.map((d, i) => [d.key, { d, i }]));
    users = new Map();
    inputs = new Map();
    for (const e of edges) {
      if (e.phase === 'out' || !byKey.has(e.s) || !byKey.has(e.t) || e.s === e.t) continue;
      if (!users.has(e.s)) users.set(e.s, new Set());
      if (!inputs.has(e.t)) inputs.set(e.t, new Set());
      users.get(e.s).add(e.t);
      inputs.get(e.t).add(e.s);
    }
    rove();
    if (!was) return;
    const now = focused();
    if (now && !now.ghost) return;   // the same node (a keyed join keeps its element)
    // the focused node is gone: an opened group's first member, else (a pass removed it) the nearest node where
    // it was
    let best = live.find((d) => !d.v.group && (was.members ? was.members.has(d.key) : was.layer !== null && d.v.node.layer === was.layer)) || null;
    let bd = best ? -1 : Infinity;
    for (const d of live) {
      const dd = (d.to.x - was.x) ** 2 + (d.to.y - was.y) ** 2;
      if (dd < bd) { bd = dd; best = d; }   // (bd < 0: a member was found)
    }
    walk.path = [];
    walk.back = null;
    if (best) focusKey(best.key);
  }

  /** One node in the Tab order: the one last focused while it is drawn, else the selection, else the first. */
  function rove() {
    const sel = live.find((d) => isSelected(d));
    const selKey = sel ? sel.key : null;
    if (selKey !== lastSel) {
      lastSel = selKey;
      if (selKey !== null) current = selKey;
    }
    if (current === null || !byKey.has(current)) current = selKey !== null ? selKey : live.length ? live[0].key : null;
    gNodes.selectAll('g.node').each(function (d) {
      const t = !d.ghost && d.key === current ? '0' : '-1';
      if (this.getAttribute('tabindex') !== t) this.setAttribute('tabindex', t);
    });
  }

  return { bind, before, after, rove };
}
