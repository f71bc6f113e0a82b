// views/details.js — the details card of the one selection (data-testid="details"): the selected node's op,
// shape, attrs, the pass that made it (provenance), its fused kernel (the core's FLOPs and bytes for that
// kernel) and its buffer's lifetime in the memory plan. When the shown stage does not have the node, the
// card says which pass removed it and into what ("removed by cse: merged into %28"), or which later pass
// makes it. Every number is the core's (the result and its provenance, through selection.js).
import { el, clear, setAttr } from '../dom.js';
import { fmtShape } from '../ops.js';
import { formatBytes, formatFlops } from '../format.js';
import { removedText } from '../selection.js';
import { t } from '../i18n/i18n.js';
import { kernelNameText } from './kernels/names.js';

function attrText(attrs) {
  const parts = Object.entries(attrs || {}).map(([k, v]) => `${k}=${Array.isArray(v) ? `(${v.join(', ')})` : v}`);
  return parts.length ? parts.join(', ') : '—';
}

// the provenance's words (model.js how) in the language shown; an unknown one as the core wrote it
const HOWS = new Set(['kept', 'merged', 'replaced', 'expanded', 'folded', 'created']);
const howWord = (how) => (HOWS.has(how) ? t(`graph.how.${how}`) : how);

function originText(o) {
  if (!o) return '—';
  if (o.stage === 0) return t('details.trace');
  if (!o.from.length) return t('details.origin', { pass: o.pass, stage: o.stage, how: howWord(o.how) });
  return t('details.origin.from', { pass: o.pass, stage: o.stage, how: howWord(o.how),
    ids: `${o.from.map((i) => `%${i}`).slice(0, 6).join(', ')}${o.from.length > 6 ? ' …' : ''}` });
}

export function createDetailsView(card, ctx) {
  card.classList.add('details-card');
  const title = el('h3', { class: 'details-title', 'data-testid': 'details-title' });
  const close = el('button', { type: 'button', class: 'details-close' }, '×');
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
    setAttr(close, 'aria-label', t('details.close'));
    setAttr(close, 'title', t('details.close'));
    clear(body);
    const st = model.stages[sel.stage];
    const { at } = sel;
    said.hidden = at.status === 'here';
    if (at.status === 'removed') {
      title.textContent = t('details.notin', { node: `%${at.was.id} ${at.was.op}`, stage: sel.stage, name: st.name });
      said.textContent = removedText(at);
    } else if (at.status === 'later') {
      title.textContent = t('details.notyet', { stage: sel.stage, name: st.name });
      said.textContent = t('details.madeby', { pass: at.pass, stage: at.stage });
    } else {
      title.textContent = `%${at.node.id} ${at.node.op}${at.node.name ? ` ${at.node.name}` : ''}`;
    }
    const n = at.status === 'here' ? at.node : at.was || null;
    if (n) {
      body.append(...row(t('details.node'), [el('span', { 'data-testid': 'details-op' }, n.op), ' · ', el('span', { 'data-testid': 'details-shape' }, fmtShape(n.shape))]));
      if (Object.keys(n.attrs || {}).length) body.append(...row(t('details.attrs'), attrText(n.attrs)));
    }
    body.append(...row(t('details.made'), originText(sel.origin), 'details-origin'));
    const r = model.result;
    const ks = r && r.fused && r.fused.kernels;
    if (sel.kernel !== null && ks) {
      const k = ks[sel.kernel];
      const name = kernelNameText((r.lab_kernels && r.lab_kernels[sel.kernel] && r.lab_kernels[sel.kernel].name) || k.label);
      body.append(...row(t('details.kernel'), t('details.kernel.is', { kernel: `#${sel.kernel} ${name}`, flops: formatFlops(k.flops || 0),
        bytes: formatBytes((k.reads || 0) + (k.writes || 0)), reads: formatBytes(k.reads || 0), writes: formatBytes(k.writes || 0) }), 'details-kernel'));
    } else {
      body.append(...row(t('details.kernel'), t('details.kernel.none'), 'details-kernel'));
    }
    const b = sel.buffer;
    body.append(...row(t('details.lifetime'), b ? t('details.buffer', { bytes: formatBytes(b.bytes), start: b.start, end: b.end }) : t('details.buffer.none'), 'details-lifetime'));
    place();
  }

  return { draw };
}
