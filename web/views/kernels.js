// views/kernels.js — fusion and the roofline (graph_lab.py §10).
//  - eager (one kernel per op, after decompose) vs fused totals: kernels, bytes, FLOPs, time;
//  - one bar per kernel: roofline time max(FLOPs/peak, bytes/bandwidth), coloured by what bounds it,
//    plus the fixed launch overhead; the non-binding time is drawn as a thin line inside the bar;
//  - the roofline chart: arithmetic intensity (FLOP/byte) vs attained FLOP/s, under the device's
//    matmul and vector ceilings.
// Hovering a kernel highlights its nodes in the graph (the fused kernels are drawn on the last stage); so
// does the keyboard: with the bar list focused, ↑/↓ step through the kernels (details in the tooltip and
// an aria-live line), Esc or leaving the list clears it.

import { d3 } from '../lib.js';
import { el, clear, table } from '../dom.js';
import { formatBytes as fmtBytes, formatSI as fmtSI, formatTime as fmtTime } from '../format.js';
import { kernelColor } from './graph.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';

const MAX_BAR_ROWS = 128;

export function kernelTimes(k, dev) {
  const peak = k.kind === 'matmul' || k.kind === 'attention' ? dev.mm_flops : dev.vec_flops;
  const bytes = (k.reads || 0) + (k.writes || 0);
  const tc = (k.flops || 0) / peak;
  const tm = bytes / dev.bw;
  return { peak, bytes, tc, tm, t: Math.max(tc, tm), bound: tc >= tm ? 'compute' : 'memory', launch: dev.launch };
}

export function createKernelsView(root, ctx) {
  clear(root);
  const bar = el('div', { class: 'kern-bar' });
  const cbLaunch = el('input', { type: 'checkbox', id: 'kern-launch' });
  let lastArgs = null;
  cbLaunch.addEventListener('change', () => lastArgs && drawBars(...lastArgs));
  const radios = {};
  for (const [v, label] of [['fused', 'fused kernels'], ['eager', 'eager (one kernel per op)']]) {
    const r = el('input', { type: 'radio', name: 'kset', value: v, id: `kset-${v}` });
    r.addEventListener('change', () => r.checked && ctx.setState({ kset: v }));
    radios[v] = r;
    bar.append(el('label', { for: `kset-${v}` }, r, ' ', label));
  }
  bar.append(el('label', { for: 'kern-launch', class: 'push' }, cbLaunch, ' bars include the launch overhead'));
  const totals = el('div', { class: 'kern-totals' });
  const launchNote = el('p', { class: 'note launch-note' });
  const barsBox = el('div', { class: 'kern-bars', tabindex: 0,
    'aria-label': 'per-kernel roofline times; up and down arrows step through the kernels' });
  const kernelSaid = el('p', { class: 'kern-said', 'aria-live': 'polite', 'data-testid': 'kernel-said' });
  const rooflineBox = el('div', { class: 'roofline' });
  const note = el('p', { class: 'note' });
  root.append(totals, launchNote, bar, el('div', { class: 'kern-grid' }, el('div', {}, el('h3', {}, 'Time per kernel'), barsBox), el('div', {}, el('h3', {}, 'Roofline'), rooflineBox)), note);
  const tip = el('div', { class: 'tooltip', hidden: '' });
  root.append(tip, kernelSaid);

  // ---- keyboard: ↑/↓ select a kernel row of the bar chart (the same tooltip and graph highlight as hovering)
  let selected = null;          // index of the selected kernel row, or null
  function select(i) {
    const rows = barsBox.querySelectorAll('g.krow');
    selected = i === null || !rows.length ? null : Math.max(0, Math.min(rows.length - 1, i));
    rows.forEach((g, j) => g.classList.toggle('ksel', j === selected));
    if (selected === null) {
      tip.hidden = true;
      kernelSaid.textContent = '';
      ctx.highlightKernel(null);
      return;
    }
    const [kernels, dev, set] = lastArgs;
    const lines = kernelLines(kernels[selected], selected, dev);
    const box = rows[selected].getBoundingClientRect();
    showTip({ clientX: box.left + box.width / 3, clientY: box.bottom }, lines);
    kernelSaid.textContent = lines.join('; ');
    if (set === 'fused') ctx.highlightKernel(selected);
  }
  barsBox.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !lastArgs) return;
    if (ev.key === 'ArrowDown') select(selected === null ? 0 : selected + 1);
    else if (ev.key === 'ArrowUp') select(selected === null ? 0 : selected - 1);
    else if (ev.key === 'Escape' && selected !== null) select(null);
    else return;
    ev.preventDefault();
  });
  barsBox.addEventListener('blur', () => selected !== null && select(null));

  function showTip(ev, lines) {
    clear(tip);
    for (const l of lines) tip.append(el('div', {}, l));
    tip.hidden = false;
    const r = root.getBoundingClientRect();
    tip.style.left = `${Math.min(ev.clientX - r.left + 12, r.width - 280)}px`;
    tip.style.top = `${ev.clientY - r.top + 12}px`;
  }

  function kernelLines(k, i, dev) {
    const t = kernelTimes(k, dev);
    return [
      `#${i} ${k.kind}: ${k.label}`,
      `${k.nodes.length} node${k.nodes.length === 1 ? '' : 's'} (%${k.nodes.join(', %')})`.slice(0, 140),
      `${fmtSI(k.flops, 'FLOP')}, reads ${fmtBytes(k.reads)}, writes ${fmtBytes(k.writes)}`,
      `compute ${fmtTime(t.tc)}, memory ${fmtTime(t.tm)} → ${t.bound}-bound, ${fmtTime(t.t)} + launch ${fmtTime(t.launch)}`,
    ];
  }

  function drawTotals(r) {
    clear(totals);
    const e = r.eager && r.eager.cost, f = r.fused && r.fused.cost;
    if (!e || !f) return;
    const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '–');
    totals.append(table(['', 'eager', 'fused', 'eager / fused'], [
      ['kernels', String(e.kernels), String(f.kernels), ratio(e.kernels, f.kernels)],
      ['bytes moved', fmtBytes(e.bytes), fmtBytes(f.bytes), ratio(e.bytes, f.bytes)],
      ['FLOPs', fmtSI(e.flops), fmtSI(f.flops), ratio(e.flops, f.flops)],
      ['roofline time', fmtTime(e.t), fmtTime(f.t), ratio(e.t, f.t)],
      ['with launch overhead', fmtTime(e.t_total), fmtTime(f.t_total), ratio(e.t_total, f.t_total)],
    ], { class: 'totals', 'data-testid': 'kernel-totals' }));
  }

  function drawBars(kernels, dev, set, inst) {
    if (selected !== null) select(null);      // the rows are about to change
    lastArgs = [kernels, dev, set, inst];
    const withLaunch = cbLaunch.checked;
    clear(barsBox);
    if (!kernels || !kernels.length) {
      barsBox.append(el('p', { class: 'note' }, set === 'eager' ? 'This result lists no eager kernels (only their totals).' : 'No kernels.'));
      return;
    }
    // (a 256-layer stack has thousands of kernels: drawing a row for each froze the page; the totals count all)
    const all = kernels.length;
    if (all > MAX_BAR_ROWS) kernels = kernels.slice(0, MAX_BAR_ROWS);
    const rowH = inst ? 26 : 17;
    const labelW = inst ? 300 : 220;
    const W = 640;
    const H = kernels.length * rowH + 28;
    const data = kernels.map((k, i) => ({ k, i, ...kernelTimes(k, dev) }));
    const xmax = d3.max(data, (d) => d.t + (withLaunch ? d.launch : 0)) || 1;
    const x = d3.scaleLinear().domain([0, xmax]).range([labelW, W - 10]);
    const svg = d3.select(barsBox).append('svg').attr('viewBox', `0 0 ${W} ${H}`).attr('class', 'bars-svg')
      .attr('role', 'img').attr('aria-label', `${kernels.length} kernels, time per kernel`);
    const rows = svg.selectAll('g.krow').data(data, (d) => d.i).join('g').attr('class', 'krow')
      .attr('transform', (d) => `translate(0,${d.i * rowH})`)
      .on('mousemove', (ev, d) => showTip(ev, kernelLines(d.k, d.i, dev)))
      .on('mouseenter', (ev, d) => set === 'fused' && ctx.highlightKernel(d.i))
      .on('mouseleave', () => { tip.hidden = true; ctx.highlightKernel(null); });
    rows.append('rect').attr('class', 'krow-bg').attr('x', 0).attr('y', 0).attr('width', W).attr('height', rowH);
    rows.append('rect').attr('class', 'kswatch').attr('x', 2).attr('y', 3).attr('width', 6).attr('height', rowH - 6)
      .attr('fill', (d) => (set === 'fused' ? kernelColor(d.i) : '#999'));
    rows.append('text').attr('class', 'klabel').attr('x', 12).attr('y', rowH / 2).attr('dy', '0.35em')
      .text((d) => {
        const s = `#${d.i} ${d.k.label}`;
        const max = Math.floor((labelW - 16) / (inst ? 8.5 : 6.2));
        return s.length > max ? s.slice(0, max - 1) + '…' : s;
      });
    rows.append('rect').attr('class', (d) => `kbar ${d.bound}`).attr('x', x(0)).attr('y', 3)
      .attr('width', (d) => Math.max(1, x(d.t) - x(0))).attr('height', rowH - 6);
    if (withLaunch) {
      rows.append('rect').attr('class', 'klaunch').attr('x', (d) => x(d.t)).attr('y', 3)
        .attr('width', (d) => Math.max(0.5, x(d.t + d.launch) - x(d.t))).attr('height', rowH - 6);
    }
    rows.append('line').attr('class', 'kother')
      .attr('x1', x(0)).attr('x2', (d) => x(Math.min(d.tc, d.tm)))
      .attr('y1', rowH / 2).attr('y2', rowH / 2);
    svg.append('g').attr('class', 'axis').attr('transform', `translate(0,${kernels.length * rowH + 2})`)
      .call(d3.axisBottom(x).ticks(5).tickFormat((v) => fmtTime(v)));
    const legend = el('div', { class: 'kern-legend' },
      el('span', { class: 'sw compute' }), ' compute-bound  ', el('span', { class: 'sw memory' }), ' memory-bound  ',
      withLaunch ? el('span', { class: 'sw launch' }) : '', withLaunch ? ' launch overhead  ' : '', '— thin line: the other (non-binding) time');
    barsBox.append(legend);
    if (all > kernels.length) barsBox.append(el('p', { class: 'note' }, `The first ${kernels.length} of ${all} kernels.`));
  }

  function drawRoofline(kernels, dev, set, inst) {
    clear(rooflineBox);
    if (!kernels || !kernels.length) return;
    const W = 520, H = 340, m = { l: 64, r: 16, t: 14, b: 44 };
    const pts = kernels.map((k, i) => {
      const t = kernelTimes(k, dev);
      return { k, i, ai: t.bytes ? k.flops / t.bytes : 0, perf: t.t ? k.flops / t.t : 0, ...t };
    });
    const shown = pts.filter((p) => p.ai > 0 && p.perf > 0);
    const skipped = pts.length - shown.length;
    const aiMin = Math.min(d3.min(shown, (p) => p.ai) ?? 0.1, dev.vec_flops / dev.bw / 100);
    const aiMax = Math.max(d3.max(shown, (p) => p.ai) ?? 10, (dev.mm_flops / dev.bw) * 4);
    const x = d3.scaleLog().domain([aiMin / 2, aiMax * 2]).range([m.l, W - m.r]).clamp(true);
    const pMin = Math.min(d3.min(shown, (p) => p.perf) ?? dev.vec_flops / 1e4, dev.vec_flops / 1e3);
    const y = d3.scaleLog().domain([pMin / 2, dev.mm_flops * 2]).range([H - m.b, m.t]).clamp(true);
    const svg = d3.select(rooflineBox).append('svg').attr('viewBox', `0 0 ${W} ${H}`).attr('class', 'roof-svg')
      .attr('role', 'img').attr('aria-label', 'roofline chart');
    const ceil = (peak) => {
      const knee = peak / dev.bw;
      const a0 = x.domain()[0], a1 = x.domain()[1];
      const p = [[a0, a0 * dev.bw]];
      if (knee > a0 && knee < a1) p.push([knee, peak]);
      p.push([a1, Math.min(peak, a1 * dev.bw)]);
      return p.map(([a, v]) => [x(a), y(Math.min(v, peak))]);
    };
    for (const [peak, cls, label] of [[dev.mm_flops, 'ceil-mm', 'matmul / attention peak'], [dev.vec_flops, 'ceil-vec', 'vector peak']]) {
      svg.append('path').attr('class', `ceiling ${cls}`).attr('d', d3.line()(ceil(peak)));
      svg.append('text').attr('class', `ceil-label ${cls}`).attr('x', W - m.r - 4).attr('y', y(peak) - 5).attr('text-anchor', 'end')
        .text(`${label} ${fmtSI(peak, 'FLOP/s')}`);
    }
    svg.append('text').attr('class', 'ceil-label').attr('x', x(aiMin) + 4).attr('y', y(aiMin * dev.bw) - 8)
      .text(`bandwidth ${fmtSI(dev.bw, 'B/s')}`);
    svg.append('g').attr('class', 'axis').attr('transform', `translate(0,${H - m.b})`).call(d3.axisBottom(x).ticks(5, '~s'));
    svg.append('g').attr('class', 'axis').attr('transform', `translate(${m.l},0)`).call(d3.axisLeft(y).ticks(5, '~s'));
    svg.append('text').attr('class', 'axis-label').attr('x', (m.l + W - m.r) / 2).attr('y', H - 6).attr('text-anchor', 'middle')
      .text('arithmetic intensity (FLOP / byte)');
    svg.append('text').attr('class', 'axis-label').attr('transform', `translate(14,${(m.t + H - m.b) / 2}) rotate(-90)`)
      .attr('text-anchor', 'middle').text('attained FLOP/s');
    // one point per place: the layers of a stack are alike, and thousands of circles froze the page
    const at = new Map();
    for (const p of shown) {
      const k = `${x(p.ai).toFixed(1)},${y(p.perf).toFixed(1)},${p.bound}`;
      if (!at.has(k)) at.set(k, p);
    }
    svg.selectAll('circle.kpt').data([...at.values()], (d) => d.i).join('circle')
      .attr('class', (d) => `kpt ${d.bound}`)
      .attr('cx', (d) => x(d.ai)).attr('cy', (d) => y(d.perf)).attr('r', inst ? 7 : 5)
      .style('fill', (d) => (set === 'fused' ? kernelColor(d.i) : null))
      .on('mousemove', (ev, d) => showTip(ev, kernelLines(d.k, d.i, dev)))
      .on('mouseenter', (ev, d) => set === 'fused' && ctx.highlightKernel(d.i))
      .on('mouseleave', () => { tip.hidden = true; ctx.highlightKernel(null); });
    if (skipped) rooflineBox.append(el('p', { class: 'note' }, `${skipped} kernel${skipped === 1 ? '' : 's'} with no FLOPs or no bytes (e.g. kv_write) not plotted.`));
  }

  let drawnFor = null;   // [result, kset, inst] last drawn: stepping passes or playing does not redraw this panel
  const banner = createStaleBanner();
  root.prepend(banner.node);
  function draw(state, model) {
    const r = model.result;
    for (const [v, rr] of Object.entries(radios)) rr.checked = state.kset === v;
    // a result for another configuration (the current one cannot be built, or is still being analysed)
    // stays drawn only under the stale banner
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!r) return;
    if (drawnFor && drawnFor[0] === r && drawnFor[1] === state.kset && drawnFor[2] === state.inst) return;
    drawnFor = [r, state.kset, state.inst];
    drawTotals(r);
    const dev = r.device || {};
    const set = state.kset;
    const kernels = set === 'eager' ? r.eager && r.eager.kernels : r.fused && r.fused.kernels;
    const cost = set === 'eager' ? r.eager && r.eager.cost : r.fused && r.fused.cost;
    if (cost) {
      const launchT = cost.kernels * dev.launch;
      launchNote.textContent = `${set}: ${cost.kernels} launches × ${fmtTime(dev.launch)} = ${fmtTime(launchT)} of fixed overhead vs ${fmtTime(cost.t)} of roofline time` +
        (launchT > cost.t ? ' — launch-bound: fewer kernels matter more than faster ones.' : '.');
    }
    drawBars(kernels, dev, set, state.inst);
    drawRoofline(kernels, dev, set, state.inst);
    note.textContent = set === 'eager'
      ? 'Eager: decompose(trace) with one kernel per op — every intermediate goes through memory.'
      : `Fused: the last stage's graph partitioned into ${kernels ? kernels.length : 0} kernels (epilogues into matmuls, row-wise reductions into their producers).`;
  }

  return { draw };
}
