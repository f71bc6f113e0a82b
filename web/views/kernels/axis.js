// kernels/axis.js — d3's axisBottom / axisLeft, kept across redraws: the same elements and attributes that
// d3-axis makes (g.tick > line + text, path.domain), but a redraw writes only what changed. d3's axis sets
// every attribute of every tick on each call, and a log scale's axis has a tick per 1…9 of each decade (the
// roofline's two axes: ~100 ticks), so each new result restyled, laid out and painted all of them.
// Used by the kernels panel's charts and the memory plan's.

import { setAttr } from '../../dom.js';

const SVGNS = 'http://www.w3.org/2000/svg';

/**
 * Draws (or updates) the axis in the <g> `g` (a node or a d3 selection): orient 'bottom' | 'left', scale a d3
 * scale; opts {ticks: [count, specifier] (scale.ticks' arguments), values (explicit tick values), format}.
 */
export function keepAxis(g, orient, scale, { ticks = [], values = null, format = null } = {}) {
  const node = typeof g.node === 'function' ? g.node() : g;
  const left = orient === 'left';
  const k = left ? -1 : 1;
  const a = left ? 'x' : 'y';
  const offset = typeof window !== 'undefined' && window.devicePixelRatio > 1 ? 0 : 0.5;
  const vals = values || (scale.ticks ? scale.ticks(...ticks) : scale.domain());
  const fmt = format || (scale.tickFormat ? scale.tickFormat(...ticks) : String);
  const range = scale.range();
  const r0 = +range[0] + offset, r1 = +range[range.length - 1] + offset;
  let st = node.__keepAxis;
  if (!st) {
    setAttr(node, 'fill', 'none');
    setAttr(node, 'font-size', 10);
    setAttr(node, 'font-family', 'sans-serif');
    setAttr(node, 'text-anchor', left ? 'end' : 'middle');
    const domain = node.ownerDocument.createElementNS(SVGNS, 'path');
    domain.setAttribute('class', 'domain');
    domain.setAttribute('stroke', 'currentColor');
    node.insertBefore(domain, node.firstChild);
    st = node.__keepAxis = { domain, ticks: new Map() };
  }
  setAttr(st.domain, 'd', left ? `M${k * 6},${r0}H${offset}V${r1}H${k * 6}` : `M${r0},${k * 6}V${offset}H${r1}V${k * 6}`);
  const next = new Map();
  let prev = st.domain;
  vals.forEach((v, i) => {
    const key = String(+v);
    let t = st.ticks.get(key);
    if (!t) {
      const tick = node.ownerDocument.createElementNS(SVGNS, 'g');
      tick.setAttribute('class', 'tick');
      tick.setAttribute('opacity', '1');
      const line = node.ownerDocument.createElementNS(SVGNS, 'line');
      line.setAttribute('stroke', 'currentColor');
      line.setAttribute(`${a}2`, String(k * 6));
      const text = node.ownerDocument.createElementNS(SVGNS, 'text');
      text.setAttribute('fill', 'currentColor');
      text.setAttribute(a, String(k * 9));
      text.setAttribute('dy', left ? '0.32em' : '0.71em');
      tick.append(line, text);
      t = { tick, text, pos: null, label: null };
    }
    next.set(key, t);
    // in value order, after the domain path (as d3's selection.order() keeps them)
    if (prev.nextSibling !== t.tick) node.insertBefore(t.tick, prev.nextSibling);
    prev = t.tick;
    // what each tick holds is remembered here (reading the attributes back costs as much as writing them)
    const p = +scale(v) + offset;
    if (t.pos !== p) {
      t.pos = p;
      t.tick.setAttribute('transform', left ? `translate(0,${p})` : `translate(${p},0)`);
    }
    const label = String(fmt(v, i));
    if (t.label !== label) {
      t.label = label;
      t.text.textContent = label;
    }
  });
  for (const [key, t] of st.ticks) if (!next.has(key)) t.tick.remove();
  st.ticks = next;
}
