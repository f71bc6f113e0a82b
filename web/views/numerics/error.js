// views/numerics/error.js — a numeric run's error under a precision plan, as the core computed it (the result's
// "error", docs/PRECISION.md): the node that adds the most (error.worst: a button that selects it), every node's
// max |Δ|, max relative error and SNR against float64, worst first (error.nodes; with the noise each adds by its
// own rounding, added_db, when the core gives it), and per layer of a stack
// (error.layers: a bar per layer). Nothing is computed here but the order of the rows (web/precision.js).
import { el, clear, setAttr, setText } from '../../dom.js';
import { fmtErr, fmtSnr, fmtAdded, nodeLabel, sortedRows, worstOf, layersOf, layerBars, planText, errorColour } from '../../precision.js';
import { t as tr } from '../../i18n/i18n.js';

export const MAX_ROWS = 200;   // the table's rows (a stack's thousands of nodes: the worst ones)
const OUT_NAMES = { prefill: ['x_out'], decode: ['x_out', 'K', 'V'] };

/** ctx: the lab's (select, setState). Returns {node, draw(error, {stages, mode}), clear()}. */
export function createErrorView(ctx) {
  const head = el('p', { class: 'err-head', 'data-testid': 'error-plan' });
  const worst = el('p', { class: 'err-worst', 'data-testid': 'error-worst', hidden: '' });
  const tableBox = el('div', { class: 'err-table-box' });
  const layers = el('div', { class: 'err-layers', 'data-testid': 'error-layers', hidden: '' });
  const node = el('div', { class: 'err-view', hidden: '' }, head, worst, layers, tableBox);
  let stages = [];

  const lastStage = () => stages[stages.length - 1] || null;
  const nodeOf = (id) => {
    const st = lastStage();
    return st && !st.lite && st.nodes ? st.nodes[id] || null : null;
  };
  // selects the final graph's node id (and shows the final stage, where its error is measured)
  function selectNode(id) {
    const n = nodeOf(id);
    if (!n || !ctx.select) return;
    const last = stages.length - 1;
    if (ctx.getState && ctx.getState().stage !== last && ctx.setState) ctx.setState({ stage: last });
    ctx.select(n.key);
  }
  const labelOf = (id) => {
    const st = lastStage();
    return nodeLabel(id, nodeOf(id), st && !st.lite ? st.nodes : null);
  };
  const nodeButton = (id, text) => {
    const b = el('button', { type: 'button', class: 'err-node', 'data-node-id': id, title: tr('numerics.err.select') }, text);
    if (!nodeOf(id)) b.disabled = true;
    b.addEventListener('click', () => selectNode(id));
    return b;
  };

  function drawWorst(error) {
    clear(worst);
    // absent: the core does not name it (shown only when it does: no worst node is guessed here)
    if (!error || !('worst' in error)) {
      worst.hidden = true;
      worst.removeAttribute('data-node-id');
      return;
    }
    worst.hidden = false;
    const w = worstOf(error);
    if (!w) {
      worst.removeAttribute('data-node-id');
      worst.append(tr('numerics.err.noworst'));
      return;
    }
    setAttr(worst, 'data-node-id', w.node);
    worst.append(el('span', { class: 'err-worst-k' }, tr('numerics.err.worst')),
      nodeButton(w.node, labelOf(w.node)),
      typeof w.added_db === 'number' ? el('span', { class: 'err-added' }, tr('numerics.err.added', { db: fmtAdded(w.added_db) })) : '');
  }

  function drawTable(error) {
    clear(tableBox);
    const rows = sortedRows(error.nodes);
    // the noise each node adds by its own rounding (added_db), when the core gives it
    const added = rows.some((e) => 'added_db' in e);
    const t = el('table', { class: 'totals err-table', 'data-testid': 'error-table' });
    t.append(el('thead', {}, el('tr', {}, ...[tr('numerics.err.th.node'), 'max |Δ|', 'max rel', 'SNR', ...(added ? [tr('numerics.err.th.added')] : [])].map((h) => el('th', { scope: 'col' }, h)))));
    const body = el('tbody');
    for (const e of rows.slice(0, MAX_ROWS)) {
      const sw = el('span', { class: 'err-swatch', 'aria-hidden': 'true' });
      sw.style.background = errorColour('rel', e);
      body.append(el('tr', { 'data-node-id': e.node },
        el('th', { scope: 'row' }, sw, nodeButton(e.node, labelOf(e.node))),
        el('td', {}, fmtErr(e.max_abs)), el('td', {}, fmtErr(e.max_rel)), el('td', {}, fmtSnr(e)),
        added ? el('td', {}, fmtAdded(e.added_db) || '—') : null));
    }
    t.append(body);
    tableBox.append(el('h3', {}, tr('numerics.err.pernode')), t);
    if (rows.length > MAX_ROWS) tableBox.append(el('p', { class: 'note' }, tr('numerics.err.rows', { max: MAX_ROWS, n: rows.length })));
  }

  function drawLayers(error) {
    clear(layers);
    const ls = layersOf(error);
    layers.hidden = !ls;
    if (!ls) return;
    const widths = layerBars(ls);
    const t = el('table', { class: 'totals err-layer-table' });
    t.append(el('thead', {}, el('tr', {}, ...[tr('numerics.err.th.layer'), 'max rel', '', 'SNR', tr('numerics.err.th.worst')].map((h) => el('th', { scope: 'col' }, h === '' ? el('span', { class: 'sr-only' }, tr('numerics.err.th.bar')) : h)))));
    const body = el('tbody');
    ls.forEach((l, i) => {
      const bar = el('span', { class: 'err-bar' });
      bar.style.width = `${(100 * widths[i]).toFixed(1)}%`;
      bar.style.background = errorColour('rel', l);
      const wid = l.worst && typeof l.worst === 'object' ? l.worst.node : l.worst;
      body.append(el('tr', { 'data-layer': l.layer },
        el('th', { scope: 'row' }, `L${l.layer}`), el('td', {}, fmtErr(l.max_rel)),
        el('td', { class: 'err-bar-cell' }, el('span', { class: 'err-bar-track' }, bar)), el('td', {}, fmtSnr(l)),
        el('td', {}, Number.isInteger(wid) ? nodeButton(wid, labelOf(wid)) : '—')));
    });
    t.append(body);
    layers.append(el('h3', {}, tr('numerics.err.perlayer')), t);
  }

  function draw(error, { stages: sts = [], mode = 'prefill' } = {}) {
    stages = sts || [];
    if (!error || !Array.isArray(error.nodes)) return reset();
    node.hidden = false;
    const names = OUT_NAMES[mode] || [];
    const outs = (error.outputs || []).map((o, i) => `${names[i] || `out${i}`} max rel ${fmtErr(o.max_rel)}`).join(', ');
    setText(head, tr('numerics.err.head', { plan: planText(error.plan), outs: outs || tr('numerics.err.noouts') }));
    drawWorst(error);
    drawLayers(error);
    drawTable(error);
  }
  function reset() {
    node.hidden = true;
    clear(worst);
    worst.hidden = true;
    clear(layers);
    layers.hidden = true;
    clear(tableBox);
    setText(head, '');
  }
  return { node, draw, clear: reset };
}
