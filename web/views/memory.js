// views/memory.js — the memory plan (graph_lab.py §11): every intermediate that the fused kernels write
// back lives from the kernel that makes it to the last kernel that reads it. Drawn as rectangles on
// (kernel step × byte offset) for the naive plan (no reuse: one block each) and the greedy plan
// (largest first, lowest offset that fits beside every overlapping block), with each plan's peak, the
// live-bytes curve (bytes alive at each step; its peak is the lower bound) and a stepper that replays
// greedy-by-size one buffer at a time. Every number is the core's (the case's emit.plans: naive_offsets,
// greedy_offsets, greedy_order, live): the view computes none. Byte axes are in one binary unit (memory/ticks.js).
// Hovering a block names its value (op, shape, producing kernel, last reader) and lights up the kernel
// that wrote it on the graph.

import { d3 } from '../lib.js';
import { el, clear, keepTable, setAttr, setFlag, setText } from '../dom.js';
import { fmtShape } from '../ops.js';
import { formatBytes, formatCount } from '../format.js';
import { kernelColor } from './kernels/palette.js';
import { binaryTicks, tickText } from './memory/ticks.js';
import { keepAxis } from './kernels/axis.js';
import { corePlans } from './memory/plans.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';
import { tableLength, tableRow, tableGet } from '../result-pack.js';

const MAX_LT_RECTS = 600;

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

  function showTip(ev, lines) {
    clear(tip);
    lines.forEach((l, j) => tip.append(el('div', j === 0 ? { class: 'tip-title' } : {}, l)));
    tip.hidden = false;
    const r = root.getBoundingClientRect();
    tip.style.left = `${Math.max(0, Math.min(ev.clientX - r.left + 12, r.width - 340))}px`;
    tip.style.top = `${ev.clientY - r.top + 12}px`;
  }

  let cur = null;         // what is drawn: {r, lts, data, order, steps, names, values, inst}
  let placed = null;      // greedy replay: how many buffers of the order are placed (null: all, no replay)

  const kernelName = (ki) => {
    const k = cur && cur.names(ki);
    return ki === undefined || ki === null ? '?' : `#${ki}${k ? ` ${k}` : ''}`;
  };
  function blockLines(d) {
    const v = cur.values(d.nid);
    const nk = tableLength(cur.r.fused, 'kernels');
    return [
      `%${d.nid}${v ? ` ${v[0]} ${fmtShape(v[1])}` : ''}: ${formatBytes(d.bytes)}`,
      `written by ${kernelName(d.s)}`,
      d.e >= nk ? `an output of the layer: lives to the end (step ${d.e})` : `last read by ${kernelName(d.e)}`,
      `alive at steps ${d.s}…${d.e}; offset ${formatBytes(d.off)}`,
    ];
  }
  function hoverBlock(d, ev) {
    charts.querySelectorAll('rect.lt').forEach((n) => n.classList.toggle('hl', d !== null && n.getAttribute('data-nid') === String(d.nid)));
    if (!d) { tip.hidden = true; ctx.highlightKernel(null); return; }
    showTip(ev, blockLines(d));
    ctx.highlightKernel(d.kernel ?? null);
  }

  // one chart's lasting nodes (made on its first draw): a new result moves its blocks (keyed on the value's
  // node id), curve, lines and axes in place, writing only the attributes that changed
  function chartFrame() {
    const box = el('div', { class: 'mem-chart' });
    const svg = d3.select(box).append('svg').attr('class', 'mem-svg').attr('role', 'img');
    const k = {
      box, svg,
      title: svg.append('text').attr('class', 'chart-title').node(),
      blocks: svg.append('g').attr('class', 'mem-blocks'),
      live: svg.append('path').attr('class', 'live-curve').attr('data-testid', 'live-curve').node(),
      lines: svg.append('g').attr('class', 'mem-lines'),
      axisX: svg.append('g').attr('class', 'axis'),
      axisY: svg.append('g').attr('class', 'axis').attr('data-testid', 'memory-y-axis'),
      labelX: svg.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').text('kernel step (execution order)').node(),
      labelY: svg.append('text').attr('class', 'axis-label').attr('data-testid', 'memory-y-title').attr('text-anchor', 'middle').node(),
    };
    return k;
  }

  function chart(k, title, offsets, peak, lower, W, replay) {
    const { lts, steps, inst, live } = cur;
    const fs = inst ? 15 : 12;
    const H = Math.round(Math.min(Math.max(W * 0.66, 260), 460));
    const m = { l: inst ? 70 : 58, r: 12, t: fs + 14, b: fs * 2 + 22 };
    const ymax = Math.max(peak, lower, 1);
    const yt = binaryTicks(ymax * 1.04);
    const x = d3.scaleLinear().domain([0, steps + 1]).range([m.l, W - m.r]);
    const y = d3.scaleLinear().domain([0, yt.top]).range([H - m.b, m.t]);
    const sv = k.svg.node();
    setAttr(sv, 'width', W);
    setAttr(sv, 'height', H);
    setAttr(sv, 'viewBox', `0 0 ${W} ${H}`);
    setAttr(sv, 'aria-label', `${title} memory plan, peak ${formatBytes(peak)}`);
    setAttr(k.title, 'x', m.l);
    setAttr(k.title, 'y', fs + 2);
    setText(k.title, `${title}: peak ${formatBytes(peak)}`);
    const data = lts.map(([bytes, s, e, nid], j) => ({ j, bytes, s, e, nid, kernel: s, off: offsets.get(nid) ?? offsets.get(String(nid)) ?? 0 }));
    const rectOf = (d) => [x(d.s), y(d.off + d.bytes), Math.max(1, x(d.e + 1) - x(d.s) - 1), Math.max(1, y(d.off) - y(d.off + d.bytes))];
    const fill = (d) => kernelColor(d.s);
    let paths = [];
    if (data.length > MAX_LT_RECTS) {
      // a 256-layer stack has thousands of blocks, most under a pixel wide: one path per colour (no tooltip per
      // block) instead of a rectangle each, which froze the page, of the blocks snapped to whole pixels, each
      // pixel rectangle once (13,000 blocks at 1024 layers draw as a few thousand)
      const byFill = new Map();
      for (const d of data) {
        const [rx, ry, w, h] = rectOf(d);
        const x0 = Math.round(rx), y0 = Math.round(ry);
        const x1 = Math.max(x0 + 1, Math.round(rx + w)), y1 = Math.max(y0 + 1, Math.round(ry + h));
        const f = fill(d);
        let g = byFill.get(f);
        if (!g) byFill.set(f, (g = { seen: new Set(), d: [] }));
        const key = ((x0 * 8192 + y0) * 8192 + x1) * 8192 + y1;   // pixels of a chart under 8192 px: exact
        if (g.seen.has(key)) continue;
        g.seen.add(key);
        g.d.push(`M${x0},${y0}h${x1 - x0}v${y1 - y0}h${x0 - x1}z`);
      }
      paths = [...byFill];
      data.length = 0;
    }
    k.blocks.selectAll('path.lt').data(paths, ([f]) => f).join('path').attr('class', 'lt').each(function ([f, g]) {
      setAttr(this, 'fill', f);
      setAttr(this, 'd', g.d.join(''));
    });
    const rank = replay ? new Map(cur.order.map((j, q) => [j, q])) : null;
    k.blocks.selectAll('rect.lt').data(data, (d) => d.nid).join((enter) => enter.append('rect').attr('class', 'lt')
      .attr('data-testid', 'memory-block')
      .on('mousemove', (ev, d) => hoverBlock(d, ev))
      .on('mouseleave', () => hoverBlock(null))
      .on('click', (ev, d) => selectBlock(d)))
      .each(function (d) {
        // the replay's marks as classes of their own (hl and gsel, the hover's and the selection's, stay)
        const q = rank && placed !== null ? rank.get(d.j) : null;
        this.classList.toggle('placing', q !== null && q === placed - 1);
        this.classList.toggle('unplaced', q !== null && q > placed - 1);
        setAttr(this, 'data-nid', d.nid);
        const [rx, ry, w, h] = rectOf(d);
        setAttr(this, 'x', rx);
        setAttr(this, 'y', ry);
        setAttr(this, 'width', w);
        setAttr(this, 'height', h);
        setAttr(this, 'fill', fill(d));
      });
    // the live-bytes curve: what must exist at each step whatever the plan (its peak is the lower bound)
    // (more steps than pixels: each pixel column's highest step, which keeps the curve's outline and its peak)
    const pts = [];
    const perPx = Math.max(1, Math.floor(live.length / Math.max(1, W - m.l - m.r)));
    for (let t = 0; t < live.length; t += perPx) {
      let b = live[t];
      for (let u = t + 1; u < Math.min(live.length, t + perPx); u++) if (live[u] > b) b = live[u];
      pts.push([x(t), y(b)], [x(Math.min(live.length, t + perPx)), y(b)]);
    }
    setAttr(k.live, 'data-peak', Math.max(0, ...live));
    setAttr(k.live, 'd', d3.line()(pts));
    const hlines = [['peak', peak, `peak ${formatBytes(peak)}`, false]];
    if (Math.abs(lower - peak) > 0.5) hlines.push(['lower', lower, `lower bound ${formatBytes(lower)}`, true]);
    k.lines.selectAll('g.mem-hline').data(hlines, (d) => d[0]).join((enter) => enter.append('g').attr('class', 'mem-hline').each(function ([cls]) {
      d3.select(this).append('line').attr('class', `mem-line ${cls}`);
      d3.select(this).append('text').attr('class', `mem-line-label ${cls}`).attr('text-anchor', 'end');
    })).each(function ([, v, label, below]) {
      const [line, text] = this.children;
      setAttr(line, 'x1', m.l);
      setAttr(line, 'x2', W - m.r);
      setAttr(line, 'y1', y(v));
      setAttr(line, 'y2', y(v));
      setAttr(text, 'x', W - m.r - 2);
      setAttr(text, 'y', below ? y(v) + fs + 2 : y(v) - 4);
      setText(text, label);
    });
    setAttr(k.axisX.node(), 'transform', `translate(0,${H - m.b})`);
    keepAxis(k.axisX, 'bottom', x, { ticks: [Math.min(steps + 1, Math.floor((W - m.l) / (fs * 3)))], format: d3.format('d') });
    setAttr(k.axisY.node(), 'data-unit', yt.unit);
    setAttr(k.axisY.node(), 'transform', `translate(${m.l},0)`);
    keepAxis(k.axisY, 'left', y, { values: yt.ticks, format: (v) => tickText(v, yt.scale) });
    setAttr(k.labelX, 'x', (m.l + W - m.r) / 2);
    setAttr(k.labelX, 'y', H - 6);
    setAttr(k.labelY, 'transform', `translate(${fs + 1},${(m.t + H - m.b) / 2}) rotate(-90)`);
    setText(k.labelY, `offset in the buffer (${yt.unit})`);
    return k.box;
  }

  let legendFor = null;   // what the legend says (rebuilt only when that changes)
  function drawLegend() {
    const ks = [...new Set(cur.lts.map((l) => l[1]))].sort((a, b) => a - b).slice(0, 24);
    const key = JSON.stringify(ks.map((ki) => kernelName(ki)));
    if (key === legendFor && legend.firstChild) return;
    legendFor = key;
    clear(legend);
    for (const ki of ks) {
      const sw = el('span', { class: 'sw' });
      sw.style.background = kernelColor(ki);          // CSSOM, not a style attribute: the page's CSP forbids those
      legend.append(el('span', {}, sw, kernelName(ki)));
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
    if (drawnFor && drawnFor[0] === r && drawnFor[1] === state.inst) return;
    if (!drawnFor || drawnFor[0] !== r) placed = null;
    drawnFor = [r, state.inst];
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
      r, lts, steps, live, inst: state.inst,
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
