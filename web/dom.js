// dom.js — tiny DOM helpers. Text always goes in through textContent (never innerHTML), so nothing a
// user or a module message contains can become markup.

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
  thead.append(el('tr', {}, ...head.map((h) => el('th', { scope: 'col' }, h))));
  const tbody = el('tbody');
  for (const r of rows) tbody.append(el('tr', {}, ...r.map((c, i) => (i === 0 ? el('th', { scope: 'row' }, c) : el('td', {}, c)))));
  t.append(thead, tbody);
  return t;
}
