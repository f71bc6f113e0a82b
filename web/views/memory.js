// views/memory.js — the memory plan (graph_lab.py §11): every intermediate that the fused kernels write
// back lives from the kernel that makes it to the last kernel that reads it. Drawn as rectangles on
// (kernel step × byte offset) for the naive plan (no reuse: one block each) and the greedy plan
// (largest first, lowest offset that fits beside every overlapping block), with each plan's peak, the
// live-bytes curve (bytes alive at each step; its peak is the lower bound) and a stepper that replays
// greedy-by-size one buffer at a time. Every number is the core's (the case's emit.plans: naive_offsets,
// greedy_offsets, greedy_order, live): the view computes none. Byte axes are in one binary unit (memory/ticks.js).
// Hovering a block names its value (op, shape, producing kernel, last reader) and lights up the kernel
// that wrote it on the graph.

import { el, clear, keepTable, setAttr, setFlag, setText, showTipAt } from '../dom.js';
import { fmtShape } from '../ops.js';
import { formatBytes, formatCount } from '../format.js';
import { kernelColor } from './kernels/palette.js';
import { chartFrame, drawPlanChart, blockLines, kernelName, MAX_LT_RECTS } from './memory/chart.js';
import { corePlans } from './memory/plans.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';
import { tableLength, tableRow, tableGet } from '../result-pack.js';
import { lang, t } from '../i18n/i18n.js';

export function createMemoryView(root, ctx) {
  clear(root);
  const summary = el('div', { class: 'mem-summary' });
  const charts = el('div', { class: 'mem-charts' });
  const legend = el('div', { class: 'mem-legend', 'data-testid': 'memory-legend' });
  // the words made here (titles, labels) are written again when the language changes (relabel)
  const titled = [];
  const btn = (label, key, testid) => {
    const b = el('button', { type: 'button', 'data-testid': testid }, label);
    titled.push([b, key]);
    return b;
  };
  const bFirst = btn('⇤', 'memory.replay.first', 'mem-step-first');
  const bPrev = btn('◀', 'memory.replay.prev', 'mem-step-prev');
  const bNext = btn('▶', 'memory.replay.next', 'mem-step-next');
  const bLast = btn('⇥', 'memory.replay.last', 'mem-step-last');
  const stepSaid = el('span', { class: 'mem-step-said', 'aria-live': 'polite', 'data-testid': 'mem-step-said' });
  const stepHead = el('strong', {});
  const stepper = el('div', { class: 'mem-step', role: 'group' }, stepHead, bFirst, bPrev, bNext, bLast, stepSaid);
  let labelled = null;
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    for (const [b, key] of titled) { setAttr(b, 'title', t(key)); setAttr(b, 'aria-label', t(key)); }
    setAttr(stepper, 'aria-label', t('memory.replay.group'));
    setText(stepHead, t('memory.replay.head'));
  }
  relabel();
  const tip = el('div', { class: 'tooltip', hidden: '' });
  root.append(summary, stepper, charts, legend, tip);

  const showTip = (ev, lines) => showTipAt(tip, root, ev, lines);

  let cur = null;         // what is drawn: {r, lts, data, order, steps, names, values, inst}
  let placed = null;      // greedy replay: how many buffers of the order are placed (null: all, no replay)

  function hoverBlock(d, ev) {
    charts.querySelectorAll('rect.lt').forEach((n) => n.classList.toggle('hl', d !== null && n.getAttribute('data-nid') === String(d.nid)));
    if (!d) { tip.hidden = true; ctx.highlightKernel(null); return; }
    showTip(ev, blockLines(d, cur));
    ctx.highlightKernel(d.kernel ?? null);
  }

  // one plan's chart (memory/chart.js), drawn from what is drawn now and the replay's place
  const chart = (k, title, offsets, peak, lower, W, replay) => drawPlanChart(k, { title, offsets, peak, lower, W, replay, cur, placed,
    hover: hoverBlock, select: (d) => selectBlock(d) });

  let legendFor = null;   // what the legend says (rebuilt only when that changes)
  function drawLegend() {
    const ks = [...new Set(cur.lts.map((l) => l[1]))].sort((a, b) => a - b).slice(0, 24);
    const key = lang() + JSON.stringify(ks.map((ki) => kernelName(cur, ki)));
    if (key === legendFor && legend.firstChild) return;
    legendFor = key;
    clear(legend);
    for (const ki of ks) {
      const sw = el('span', { class: 'sw' });
      sw.style.background = kernelColor(ki);          // CSSOM, not a style attribute: the page's CSP forbids those
      legend.append(el('span', {}, sw, kernelName(cur, ki)));
    }
    legend.append(
      el('span', {}, el('span', { class: 'sw sw-live' }), t('memory.legend.live')),
      el('span', { class: 'mem-legend-peak' }, t('memory.legend.peak')),
      el('span', { class: 'mem-legend-lower' }, t('memory.legend.lower')),
      el('span', {}, t('memory.legend.block')));
  }

  function stepText() {
    const { order, lts, steps } = cur;
    const n = order.length;
    if (placed === null || placed >= n) return t('memory.step.all', { n, peak: formatBytes(cur.r.memory.greedy) });
    if (placed === 0) return t('memory.step.none', { n, first: formatBytes(lts[order[0]][0]) });
    const j = order[placed - 1];
    const [bytes, s, e, nid] = lts[j];
    const off = cur.greedy.get(nid) ?? 0;
    // the blocks already placed whose lifetimes overlap this one's: it must sit clear of them
    const below = order.slice(0, placed - 1).map((q) => lts[q]).filter((o) => o[1] <= e && s <= o[2]);
    const why = below.length
      ? t('memory.step.clear', { n: below.length, ids: `${below.slice(0, 4).map((o) => `%${o[3]}`).join(', ')}${below.length > 4 ? ', …' : ''}` })
      : t('memory.step.free');
    const v = cur.values(nid);
    return t('memory.step.one', { placed, n, value: `%${nid}${v ? ` ${v[0]} ${fmtShape(v[1])}` : ''}`, bytes: formatBytes(bytes), s, e: Math.min(e, steps),
      off: formatBytes(off), why });
  }

  // widths kept by the ResizeObserver below: reading clientWidth while drawing forced a layout of the whole
  // page in the middle of the render (~60 ms after a 256-layer graph was drawn in the same task)
  const widths = new Map();
  // the one selection: a block selects the node whose buffer it is (a last-stage node id); the selected
  // node's blocks (naive and greedy) carry aria-selected
  let lastModel = null;
  function selectBlock(d) {
    const stages = lastModel && lastModel.stages;
    const last = stages && stages[stages.length - 1];
    const n = last && last.nodes[d.nid];
    if (!n) return;
    ctx.select(n.key === ctx.selection().key ? null : n.key);
  }
  function highlight(sel, model) {
    lastModel = model;
    const nid = sel && sel.buffer ? String(sel.buffer.nid) : null;
    for (const b of charts.querySelectorAll('[data-testid="memory-block"]')) {
      const on = nid !== null && b.getAttribute('data-nid') === nid;
      setAttr(b, 'aria-selected', on ? 'true' : 'false');
      b.classList.toggle('gsel', on);
    }
  }
  let drawnW = 0;          // the width drawn at (the ResizeObserver redraws only for another)
  let frames = null;       // the naive and greedy charts' lasting nodes (chartFrame)
  function drawCharts() {
    const mem = cur.r.memory;
    drawnW = widths.get(root) || 0;
    const cw = widths.get(charts) || widths.get(root) || 900;
    const W = Math.max(300, Math.floor(cw >= 720 ? (cw - 12) / 2 : cw));
    if (!frames || frames[0].box.parentNode !== charts) {
      clear(charts);
      frames = [chartFrame(), chartFrame()];
      charts.append(frames[0].box, frames[1].box);
    }
    chart(frames[0], t('memory.plan.naive'), cur.naive, mem.naive, mem.lower_bound, W, false);
    chart(frames[1], t('memory.plan.greedy'), cur.greedy, mem.greedy, mem.lower_bound, W, true);
    const n = cur.order.length;
    setText(stepSaid, stepText());
    for (const b of [bFirst, bPrev]) setFlag(b, 'disabled', placed === 0 || !n);
    for (const b of [bNext, bLast]) setFlag(b, 'disabled', placed === null || placed >= n);
    if (lastModel) highlight(ctx.selection(), lastModel);   // the blocks are new
  }
  const stepTo = (k) => {
    if (!cur) return;
    const n = cur.order.length;
    placed = k >= n ? null : Math.max(0, k);
    drawCharts();
  };
  bFirst.addEventListener('click', () => stepTo(0));
  bPrev.addEventListener('click', () => stepTo((placed === null ? cur.order.length : placed) - 1));
  bNext.addEventListener('click', () => stepTo((placed === null ? cur.order.length : placed) + 1));
  bLast.addEventListener('click', () => stepTo(Infinity));

  if (typeof ResizeObserver === 'function') {
    let raf = null;
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) widths.set(e.target, e.target.clientWidth);   // laid out just now: no forced layout
      const w = widths.get(root) || 0;
      if (!cur || Math.abs(w - drawnW) < 24 || raf !== null) return;
      raf = setTimeout(() => { raf = null; drawnW = widths.get(root) || 0; drawCharts(); }, 0);   // its own task
    });
    ro.observe(root);
    ro.observe(charts);
  }

  let drawnFor = null;   // [result, inst] last drawn: stepping passes or playing does not redraw this panel
  let summaryTable = null;                           // the plans' table and note, kept (keepTable)
  const summaryNote = el('p', { class: 'note' });
  const banner = createStaleBanner();
  root.prepend(banner.node);
  function draw(state, model) {
    relabel();
    const r = model.result;
    // a result for another configuration (the current one cannot be built, or is still being analysed)
    // stays drawn only under the stale banner
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!r || !r.memory) return;
    if (drawnFor && drawnFor[0] === r && drawnFor[1] === state.present && drawnFor[2] === lang()) return;
    if (!drawnFor || drawnFor[0] !== r) placed = null;
    drawnFor = [r, state.present, lang()];
    const mem = r.memory;
    const lts = mem.lifetimes || [];
    const steps = lts.length ? Math.max(...lts.map((l) => l[2])) : 0;
    const plans = corePlans(mem, lts.length);
    if (!plans) {
      // a result without the plans' arrays (its case did not ask for emit.plans): nothing to draw from
      clear(summary);
      clear(charts);
      clear(legend);
      frames = null;
      summaryTable = null;
      legendFor = null;
      summary.append(el('p', { class: 'note' }, t('memory.noplans')));
      stepper.hidden = true;
      cur = null;
      return;
    }
    const { live } = plans;
    cur = {
      r, lts, steps, live, inst: state.present,
      naive: new Map(lts.map((l, j) => [l[3], plans.naive[j]])),
      greedy: new Map(Object.entries(mem.greedy_offsets || {}).map(([k, v]) => [Number(k), v])),
      order: plans.order,
      // a kernel's name and a value's facts read one at a time (a stack's tables stay packed, result-pack.js)
      names: (ki) => { const k = tableRow(r, 'lab_kernels', ki); return k ? k.name : undefined; },
      values: (nid) => tableGet(r, 'lab_values', nid),
    };
    const liveMax = Math.max(0, ...live);
    const lb = mem.lower_bound;
    const tbl = keepTable(summaryTable, [t('memory.th.plan'), t('memory.th.peak'), t('memory.th.vs')], [
      [t('memory.row.naive'), formatBytes(mem.naive), lb ? `${(mem.naive / lb).toFixed(2)}×` : '–'],
      [t('memory.row.greedy'), formatBytes(mem.greedy), lb ? `${(mem.greedy / lb).toFixed(2)}×` : '–'],
      [t('memory.row.lower'), formatBytes(lb), '1×'],
    ], { class: 'totals', 'data-testid': 'memory-totals' });
    if (tbl !== summaryTable || summaryNote.parentNode !== summary) {
      clear(summary);
      summary.append(tbl, summaryNote);
      summaryTable = tbl;
    }
    setText(summaryNote, t(liveMax === lb ? 'memory.note.is' : 'memory.note.isnot', { n: formatCount(lts.length),
      kernels: formatCount(tableLength(r.fused, 'kernels')), peak: formatBytes(liveMax) }));
    setFlag(stepper, 'hidden', lts.length > MAX_LT_RECTS || !lts.length);
    drawLegend();
    drawCharts();
  }

  return { draw, highlight };
}
