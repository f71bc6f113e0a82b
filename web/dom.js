// dom.js — tiny DOM helpers. Text always goes in through textContent (never innerHTML), so nothing a
// user or a module message contains can become markup.
import { t as tr } from './i18n/i18n.js';

/** el('div', {class: 'x', 'data-y': 1}, child, 'text', …) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A small table: head = [labels], rows = [[cells]]; a cell may be a Node or text. */
export function table(head, rows, attrs = {}) {
  const t = el('table', attrs);
  const thead = el('thead');
  // an empty corner cell still names its column to a screen reader (visually hidden)
  thead.append(el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h === '' ? el('span', { class: 'sr-only' }, tr('table.row')) : h))));
  const tbody = el('tbody');
  for (const r of rows) tbody.append(el('tr', {}, ...r.map((c, i) => (i === 0 ? el('th', { scope: 'row' }, c) : el('td', {}, c)))));
  t.append(thead, tbody);
  return t;
}

// ---- updating in place: a chart redrawn for a new result changes only what differs (an attribute or a text set
// to the value it already has still costs the browser a style recalc, layout and paint of that element)

/** Sets attribute k of node to String(v), only when it differs; null / undefined removes it. */
export function setAttr(node, k, v) {
  if (v === null || v === undefined) {
    if (node.hasAttribute(k)) node.removeAttribute(k);
    return;
  }
  const s = String(v);
  if (node.getAttribute(k) !== s) node.setAttribute(k, s);
}

/** Sets a boolean property (hidden, disabled …), only when it differs (setting it again still writes the attribute). */
export function setFlag(node, prop, on) {
  if (node[prop] !== !!on) node[prop] = !!on;
}

/** Sets node's text, only when it differs. */
export function setText(node, text) {
  const s = String(text);
  if (node.textContent !== s) node.textContent = s;
}

/**
 * A table like table(head, rows, attrs) kept across redraws: `prev` (a table this made, or null) with the same
 * head and as many rows gets its cells' texts updated in place (nodes kept); otherwise a new table. Cells are text.
 */
export function keepTable(prev, head, rows, tattrs = {}) {
  const key = JSON.stringify(head);
  const body = prev && prev.__head === key ? prev.tBodies[0] : null;
  if (body && body.rows.length === rows.length && rows.every((r, i) => body.rows[i].cells.length === r.length)) {
    rows.forEach((r, i) => r.forEach((c, j) => setText(body.rows[i].cells[j], c)));
    return prev;
  }
  const t = table(head, rows, tattrs);
  t.__head = key;
  return t;
}

/** Fills the tooltip `tip` with lines (the first as its title when `title`) and puts it by the pointer, inside
 *  `box`, keeping `width` px before box's right edge. */
export function showTipAt(tip, box, ev, lines, { title = true, gap = 12, width = 340 } = {}) {
  clear(tip);
  lines.forEach((l, j) => tip.append(el('div', title && j === 0 ? { class: 'tip-title' } : {}, l)));
  tip.hidden = false;
  const r = box.getBoundingClientRect();
  tip.style.left = `${Math.max(0, Math.min(ev.clientX - r.left + gap, r.width - width))}px`;
  tip.style.top = `${ev.clientY - r.top + gap}px`;
}
