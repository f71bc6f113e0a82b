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

export function createMemoryView(root, ctx) {
  clear(root);
  const summary = el('div', { class: 'mem-summary' });
  const charts = el('div', { class: 'mem-charts' });
  const legend = el('div', { class: 'mem-legend', 'data-testid': 'memory-legend' });
  const btn = (label, title, testid) => el('button', { type: 'button', title, 'aria-label': title, 'data-testid': testid }, label);
  const bFirst = btn('⇤', 'greedy replay: before the first buffer', 'mem-step-first');
  const bPrev = btn('◀', 'greedy replay: one buffer back', 'mem-step-prev');
  const bNext = btn('▶', 'greedy replay: place the next buffer', 'mem-step-next');
  const bLast = btn('⇥', 'greedy replay: every buffer placed', 'mem-step-last');
  const stepSaid = el('span', { class: 'mem-step-said', 'aria-live': 'polite', 'data-testid': 'mem-step-said' });
  const stepper = el('div', { class: 'mem-step', role: 'group', 'aria-label': 'replay greedy by size' },
    el('strong', {}, 'Replay greedy by size:'), bFirst, bPrev, bNext, bLast, stepSaid);
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
    const key = JSON.stringify(ks.map((ki) => kernelName(cur, ki)));
    if (key === legendFor && legend.firstChild) return;
    legendFor = key;
    clear(legend);
    for (const ki of ks) {
      const sw = el('span', { class: 'sw' });
      sw.style.background = kernelColor(ki);          // CSSOM, not a style attribute: the page's CSP forbids those
      legend.append(el('span', {}, sw, kernelName(cur, ki)));
    }
    legend.append(
      el('span', {}, el('span', { class: 'sw sw-live' }), 'bytes alive at each step (its peak: the lower bound)'),
      el('span', { class: 'mem-legend-peak' }, '- - peak of the plan'),
      el('span', { class: 'mem-legend-lower' }, '- - lower bound (when the plan misses it)'),
      el('span', {}, 'block colour: the kernel that wrote the value; width: its lifetime; height: its bytes'));
  }

  function stepText() {
    const { order, lts, steps } = cur;
    const n = order.length;
    if (placed === null || placed >= n) return `all ${n} buffers placed, largest first: peak ${formatBytes(cur.r.memory.greedy)}.`;
    if (placed === 0) return `${n} buffers to place, largest first (${formatBytes(lts[order[0]][0])} first).`;
    const j = order[placed - 1];
    const [bytes, s, e, nid] = lts[j];
    const off = cur.greedy.get(nid) ?? 0;
    // the blocks already placed whose lifetimes overlap this one's: it must sit clear of them
    const below = order.slice(0, placed - 1).map((q) => lts[q]).filter((o) => o[1] <= e && s <= o[2]);
    const why = below.length
      ? `clear of ${below.length} placed block${below.length === 1 ? '' : 's'} alive at the same time (${below.slice(0, 4).map((o) => `%${o[3]}`).join(', ')}${below.length > 4 ? ', …' : ''})`
      : 'nothing placed overlaps its lifetime';
    const v = cur.values(nid);
    return `${placed} of ${n}: %${nid}${v ? ` ${v[0]} ${fmtShape(v[1])}` : ''} (${formatBytes(bytes)}, steps ${s}…${Math.min(e, steps)}) goes to offset ${formatBytes(off)}, the lowest ${why}.`;
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
    chart(frames[0], 'naive', cur.naive, mem.naive, mem.lower_bound, W, false);
    chart(frames[1], 'greedy', cur.greedy, mem.greedy, mem.lower_bound, W, true);
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
    const r = model.result;
    // a result for another configuration (the current one cannot be built, or is still being analysed)
    // stays drawn only under the stale banner
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!r || !r.memory) return;
    if (drawnFor && drawnFor[0] === r && drawnFor[1] === state.present) return;
    if (!drawnFor || drawnFor[0] !== r) placed = null;
    drawnFor = [r, state.present];
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
      summary.append(el('p', { class: 'note' }, 'The core sent no memory plans for this case.'));
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
    const t = keepTable(summaryTable, ['plan', 'peak', 'vs lower bound'], [
      ['naive (no reuse)', formatBytes(mem.naive), lb ? `${(mem.naive / lb).toFixed(2)}×` : '–'],
      ['greedy by size', formatBytes(mem.greedy), lb ? `${(mem.greedy / lb).toFixed(2)}×` : '–'],
      ['lower bound', formatBytes(lb), '1×'],
    ], { class: 'totals', 'data-testid': 'memory-totals' });
    if (t !== summaryTable || summaryNote.parentNode !== summary) {
      clear(summary);
      summary.append(t, summaryNote);
      summaryTable = t;
    }
    setText(summaryNote, `${formatCount(lts.length)} intermediates written back by ${formatCount(tableLength(r.fused, 'kernels'))} fused kernels. ` +
      `The step curve is the bytes alive at each step; its peak, ${formatBytes(liveMax)}, ${liveMax === lb ? 'is' : 'should be (but is not)'} the core's lower bound: no plan can go below it. ` +
      'Parameters and inputs are not counted (they are always resident).');
    setFlag(stepper, 'hidden', lts.length > MAX_LT_RECTS || !lts.length);
    drawLegend();
    drawCharts();
  }

  return { draw, highlight };
}
