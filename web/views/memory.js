// views/memory.js — the memory plan (graph_lab.py §11): every intermediate that the fused kernels write
// back lives from the kernel that makes it to the last kernel that reads it. Drawn as rectangles on
// (kernel step × byte offset) for the naive plan (no reuse: one block each) and the greedy plan
// (largest first, lowest offset that fits beside every overlapping block), with each plan's peak and
// the lower bound (most bytes alive at one step).

import { d3 } from '../lib.js';
import { el, clear, table } from '../dom.js';
import { formatBytes as fmtBytes } from '../format.js';
import { kernelColor } from './graph.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';

const MAX_LT_RECTS = 600;

export function naiveOffsets(lts) {
  const off = new Map();
  let total = 0;
  for (const [bytes, , , nid] of lts) {
    off.set(nid, total);
    total += bytes;
  }
  return { off, peak: total };
}

export function liveProfile(lts) {
  if (!lts.length) return [];
  const T = Math.max(...lts.map((l) => l[2])) + 1;
  const live = new Array(T + 1).fill(0);
  for (const [bytes, s, e] of lts) for (let t = s; t <= e; t++) live[t] += bytes;
  return live;
}

export function createMemoryView(root, ctx) {
  clear(root);
  const summary = el('div', { class: 'mem-summary' });
  const charts = el('div', { class: 'mem-charts' });
  const tip = el('div', { class: 'tooltip', hidden: '' });
  root.append(summary, charts, tip);

  function showTip(ev, lines) {
    clear(tip);
    for (const l of lines) tip.append(el('div', {}, l));
    tip.hidden = false;
    const r = root.getBoundingClientRect();
    tip.style.left = `${Math.min(ev.clientX - r.left + 12, r.width - 240)}px`;
    tip.style.top = `${ev.clientY - r.top + 12}px`;
  }

  function chart(title, lts, offsets, peak, lower, steps, kernelOf, inst) {
    const W = 460, H = 300, m = { l: 70, r: 12, t: 24, b: 40 };
    const box = el('div', { class: 'mem-chart' });
    const svg = d3.select(box).append('svg').attr('viewBox', `0 0 ${W} ${H}`).attr('role', 'img').attr('aria-label', `${title} memory plan`);
    const ymax = Math.max(peak, lower, 1);
    const x = d3.scaleLinear().domain([0, steps + 1]).range([m.l, W - m.r]);
    const y = d3.scaleLinear().domain([0, ymax * 1.08]).range([H - m.b, m.t]);
    svg.append('text').attr('class', 'chart-title').attr('x', m.l).attr('y', 15).text(`${title}: peak ${fmtBytes(peak)}`);
    const data = lts.map(([bytes, s, e, nid]) => ({ bytes, s, e, nid, off: offsets.get(nid) ?? offsets.get(String(nid)) ?? 0 }));
    const rectOf = (d) => [x(d.s), y(d.off + d.bytes), Math.max(1, x(d.e + 1) - x(d.s) - 1), Math.max(1, y(d.off) - y(d.off + d.bytes))];
    if (data.length > MAX_LT_RECTS) {
      // a 256-layer stack has thousands of blocks: one path per colour (no tooltip per block) instead of a
      // rectangle each, which froze the page
      const byFill = d3.group(data, (d) => (kernelOf.has(d.nid) ? kernelColor(kernelOf.get(d.nid)) : '#888'));
      svg.selectAll('path.lt').data([...byFill]).join('path').attr('class', 'lt').attr('fill', ([f]) => f)
        .attr('d', ([, ds]) => ds.map((d) => { const [rx, ry, w, h] = rectOf(d); return `M${rx},${ry}h${w}v${h}h${-w}z`; }).join(''));
      data.length = 0;
    }
    svg.selectAll('rect.lt').data(data, (d) => d.nid).join('rect').attr('class', 'lt')
      .attr('x', (d) => x(d.s)).attr('width', (d) => Math.max(1, x(d.e + 1) - x(d.s) - 1))
      .attr('y', (d) => y(d.off + d.bytes)).attr('height', (d) => Math.max(1, y(d.off) - y(d.off + d.bytes)))
      .attr('fill', (d) => (kernelOf.has(d.nid) ? kernelColor(kernelOf.get(d.nid)) : '#888'))
      .on('mousemove', (ev, d) => showTip(ev, [`%${d.nid}: ${fmtBytes(d.bytes)}`, `alive kernels ${d.s}…${d.e}`, `offset ${fmtBytes(d.off)}`]))
      .on('mouseleave', () => { tip.hidden = true; });
    const hline = (v, cls, label) => {
      svg.append('line').attr('class', `mem-line ${cls}`).attr('x1', m.l).attr('x2', W - m.r).attr('y1', y(v)).attr('y2', y(v));
      svg.append('text').attr('class', `mem-line-label ${cls}`).attr('x', W - m.r - 2).attr('y', y(v) - 3).attr('text-anchor', 'end').text(label);
    };
    hline(peak, 'peak', `peak ${fmtBytes(peak)}`);
    if (Math.abs(lower - peak) > 0.5) hline(lower, 'lower', `lower bound ${fmtBytes(lower)}`);
    svg.append('g').attr('class', 'axis').attr('transform', `translate(0,${H - m.b})`)
      .call(d3.axisBottom(x).ticks(Math.min(steps + 1, inst ? 6 : 10)).tickFormat(d3.format('d')));
    svg.append('g').attr('class', 'axis').attr('transform', `translate(${m.l},0)`).call(d3.axisLeft(y).ticks(5).tickFormat((v) => fmtBytes(v)));
    svg.append('text').attr('class', 'axis-label').attr('x', (m.l + W - m.r) / 2).attr('y', H - 6).attr('text-anchor', 'middle').text('kernel step');
    return box;
  }

  let drawnFor = null;   // [result, inst] last drawn: stepping passes or playing does not redraw this panel
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
    drawnFor = [r, state.inst];
    const mem = r.memory;
    const lts = mem.lifetimes || [];
    const naive = naiveOffsets(lts);
    const greedy = new Map(Object.entries(mem.greedy_offsets || {}).map(([k, v]) => [Number(k), v]));
    const steps = lts.length ? Math.max(...lts.map((l) => l[2])) : 0;
    const kernelOf = new Map();
    ((r.fused && r.fused.kernels) || []).forEach((k, ki) => k.nodes.forEach((id) => kernelOf.set(id, ki)));
    clear(summary);
    const live = liveProfile(lts);
    summary.append(table(['plan', 'peak', 'vs lower bound'], [
      ['naive (no reuse)', fmtBytes(mem.naive), mem.lower_bound ? `${(mem.naive / mem.lower_bound).toFixed(2)}×` : '–'],
      ['greedy by size', fmtBytes(mem.greedy), mem.lower_bound ? `${(mem.greedy / mem.lower_bound).toFixed(2)}×` : '–'],
      ['lower bound', fmtBytes(mem.lower_bound), '1×'],
    ], { class: 'totals', 'data-testid': 'memory-totals' }),
    el('p', { class: 'note' }, `${lts.length} intermediates written back by ${(r.fused && r.fused.kernels || []).length} fused kernels; most bytes alive at one step: ${fmtBytes(Math.max(0, ...live))}. Parameters and inputs are not counted (they are always resident).`));
    clear(charts);
    charts.append(
      chart('naive', lts, naive.off, mem.naive ?? naive.peak, mem.lower_bound, steps, kernelOf, state.inst),
      chart('greedy', lts, greedy, mem.greedy, mem.lower_bound, steps, kernelOf, state.inst),
    );
  }

  return { draw };
}
