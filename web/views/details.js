// views/details.js — the details card of the one selection (data-testid="details"): the selected node's op,
// shape, attrs, the pass that made it (provenance), its fused kernel (the core's FLOPs and bytes for that
// kernel) and its buffer's lifetime in the memory plan. When the shown stage does not have the node, the
// card says which pass removed it and into what ("removed by cse: merged into %28"), or which later pass
// makes it. Every number is the core's (the result and its provenance, through selection.js).
import { el, clear } from '../dom.js';
import { fmtShape } from '../ops.js';
import { formatBytes, formatFlops } from '../format.js';
import { removedText } from '../selection.js';

function attrText(attrs) {
  const parts = Object.entries(attrs || {}).map(([k, v]) => `${k}=${Array.isArray(v) ? `(${v.join(', ')})` : v}`);
  return parts.length ? parts.join(', ') : '—';
}

function originText(o) {
  if (!o) return '—';
  if (o.stage === 0) return 'the trace';
  const from = o.from.length ? ` from ${o.from.map((i) => `%${i}`).slice(0, 6).join(', ')}${o.from.length > 6 ? ' …' : ''} of the stage before` : '';
  return `${o.pass} (stage ${o.stage}: ${o.how}${from})`;
}

export function createDetailsView(card, ctx) {
  card.classList.add('details-card');
  const title = el('h3', { class: 'details-title', 'data-testid': 'details-title' });
  const close = el('button', { type: 'button', class: 'details-close', 'aria-label': 'clear the selection (Esc)', title: 'clear the selection (Esc)' }, '×');
  const body = el('dl', { class: 'details-list' });
  const said = el('p', { class: 'details-said', 'data-testid': 'details-removed' });
  card.append(el('div', { class: 'details-head' }, title, close), said, body);
  close.addEventListener('click', () => ctx.select(null));

  // the card sits in a bottom corner; it moves to the other one when it would cover the selected graph node
  // (read in the next frame, whose layout the browser does anyway)
  let placeFrame = null;
  function place() {
    if (placeFrame !== null) return;
    placeFrame = requestAnimationFrame(() => {
      placeFrame = null;
      const g = document.querySelector('[data-testid=graph] g.node[aria-selected="true"]');
      if (card.hidden || !g) return;
      const a = g.getBoundingClientRect();
      const b = card.getBoundingClientRect();
      const covers = a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
      if (covers) card.classList.toggle('left');
    });
  }

  const row = (k, v, testid) => [el('dt', {}, k), el('dd', testid ? { 'data-testid': testid } : {}, ...(Array.isArray(v) ? v : [v]))];

  /** sel: ctx.selection() — {key, stage, at, origin, kernel, buffer}. */
  function draw(sel, model) {
    if (!sel || !sel.key || sel.at.status === 'none') {
      card.hidden = true;
      return;
    }
    card.hidden = false;
    clear(body);
    const st = model.stages[sel.stage];
    const { at } = sel;
    said.hidden = at.status === 'here';
    if (at.status === 'removed') {
      title.textContent = `%${at.was.id} ${at.was.op} — not in stage ${sel.stage} (${st.name})`;
      said.textContent = removedText(at);
    } else if (at.status === 'later') {
      title.textContent = `not yet in stage ${sel.stage} (${st.name})`;
      said.textContent = `made by ${at.pass} (stage ${at.stage})`;
    } else {
      title.textContent = `%${at.node.id} ${at.node.op}${at.node.name ? ` ${at.node.name}` : ''}`;
    }
    const n = at.status === 'here' ? at.node : at.was || null;
    if (n) {
      body.append(...row('node', [el('span', { 'data-testid': 'details-op' }, n.op), ' · ', el('span', { 'data-testid': 'details-shape' }, fmtShape(n.shape))]));
      if (Object.keys(n.attrs || {}).length) body.append(...row('attrs', attrText(n.attrs)));
    }
    body.append(...row('made by', originText(sel.origin), 'details-origin'));
    const r = model.result;
    const ks = r && r.fused && r.fused.kernels;
    if (sel.kernel !== null && ks) {
      const k = ks[sel.kernel];
      const name = (r.lab_kernels && r.lab_kernels[sel.kernel] && r.lab_kernels[sel.kernel].name) || k.label;
      body.append(...row('kernel', `#${sel.kernel} ${name} — ${formatFlops(k.flops || 0)}, ${formatBytes((k.reads || 0) + (k.writes || 0))} moved (reads ${formatBytes(k.reads || 0)}, writes ${formatBytes(k.writes || 0)})`, 'details-kernel'));
    } else {
      body.append(...row('kernel', 'none in the last stage\'s fused kernels (a weight, an input, or gone)', 'details-kernel'));
    }
    const b = sel.buffer;
    body.append(...row('lifetime', b ? `${formatBytes(b.bytes)} buffer, live from kernel #${b.start} to #${b.end}` : 'no buffer of its own (kept on chip, a weight, an input, or gone)', 'details-lifetime'));
    place();
  }

  return { draw };
}
