// kernels/roofline.js — the roofline chart: arithmetic intensity (FLOP/byte) against attained FLOP/s, under
// the matmul/attention and vector ceilings, with both ridge points marked (where bandwidth × intensity meets
// the peak: left of it a kernel is memory-bound). Points that fall on one place are pushed apart (d3-force,
// each tied to its true place by a thin line); every point's label is placed by labels.js, never on another.
// Drawn at the box's pixel width (1 SVG unit = 1 CSS px), so font sizes are what the reader gets.

import { d3 } from '../../lib.js';
import { formatBandwidth, formatFlopRate, formatIntensity } from '../../format.js';
import { placeLabels } from './labels.js';

// text widths from a canvas in the page's font (the labels' boxes are placed before anything is laid out)
// (style.css's --font: reading the computed style would force a style pass of the whole page)
const FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
let measureCtx = null;
function textWidth(text, fs, pad) {
  if (!measureCtx && typeof document !== 'undefined') measureCtx = document.createElement('canvas').getContext('2d');
  if (!measureCtx) return text.length * fs * 0.6;
  measureCtx.font = `${fs}px ${FAMILY}`;
  // the labels' halo (stroke) and rounding: a pixel each side
  return measureCtx.measureText(text).width + (pad ? 2 : 0);
}

/**
 * pts: [{i, ai, perf, color, short, bound}] (one per drawn point); dev: the result's device;
 * opts: {width, inst, trails: [[{ai, perf}]] | null, ghosts: [{i, ai, perf}] | null, onHover(p|null, ev), onClick(p)}.
 * Returns {svg, select(i)} — select marks the point of kernel i (or none).
 */
export function drawRoofline(box, pts, dev, opts) {
  const inst = !!opts.inst;
  const fs = inst ? 15 : 12;
  const W = Math.max(360, Math.round(opts.width || 520));
  const H = Math.round(Math.min(Math.max(W * (inst ? 0.85 : 0.72), 320), 640));
  const m = { l: inst ? 78 : 62, r: 14, t: fs + 14, b: inst ? 58 : 48 };
  const mmRidge = dev.mm_flops / dev.bw;
  const vecRidge = dev.vec_flops / dev.bw;
  const all = [...pts, ...(opts.ghosts || []), ...(opts.trails || []).flat()];
  const aiMin = Math.min(d3.min(all, (p) => p.ai) ?? 1, vecRidge / 20);
  const aiMax = Math.max(d3.max(all, (p) => p.ai) ?? 10, mmRidge * 4);
  const x = d3.scaleLog().domain([aiMin / 3, aiMax * 2]).range([m.l, W - m.r]).clamp(true);
  const pMin = Math.min(d3.min(all, (p) => p.perf) ?? dev.vec_flops / 1e3, dev.vec_flops / 1e3);
  const y = d3.scaleLog().domain([pMin / 3, dev.mm_flops * 6]).range([H - m.b, m.t]).clamp(true);

  const svg = d3.select(box).append('svg').attr('class', 'roof-svg').attr('width', W).attr('height', H)
    .attr('viewBox', `0 0 ${W} ${H}`).attr('role', 'img')
    .attr('aria-label', `roofline chart: ${pts.length} kernels; ridge points ${formatIntensity(mmRidge)} (matmul) and ${formatIntensity(vecRidge)} (vector)`)
    .style('--fs', `${fs}px`);
  const reserved = [];
  const widthOf = (sel) => textWidth(sel.node().textContent, fs, sel.classed('roof-label') || sel.classed('ceil-label'));
  // a placed label's box, from its measured width (no getBBox: each one forced a layout of the whole page)
  const textBox = (sel) => {
    const w = widthOf(sel);
    const anchor = sel.attr('text-anchor');
    const x0 = +sel.attr('x') - (anchor === 'end' ? w : anchor === 'middle' ? w / 2 : 0);
    reserved.push({ x: x0, y: +sel.attr('y') - fs, w, h: fs * 1.25 });
    return sel;
  };

  // points (drawn later): pushed apart where they coincide, each tied to its true place
  const r = inst ? 7 : 5.5;
  const nodes = pts.map((p) => ({ p, tx: x(p.ai), ty: y(p.perf), x: x(p.ai), y: y(p.perf) }));
  if (nodes.length > 1) {
    const sim = d3.forceSimulation(nodes).stop()
      .force('x', d3.forceX((d) => d.tx).strength(0.25)).force('y', d3.forceY((d) => d.ty).strength(0.25))
      .force('collide', d3.forceCollide(r + 1.5));
    for (let t = 0; t < 120; t++) sim.tick();
  }
  const [a0, a1] = x.domain();
  const ceiling = (peak) => {
    const knee = peak / dev.bw;
    const p = [[a0, Math.min(peak, a0 * dev.bw)]];
    if (knee > a0 && knee < a1) p.push([knee, peak]);
    p.push([a1, Math.min(peak, a1 * dev.bw)]);
    return p.map(([a, v]) => [x(a), y(v)]);
  };
  svg.append('g').attr('class', 'axis').attr('transform', `translate(0,${H - m.b})`)
    .call(d3.axisBottom(x).ticks(6, '~s'));
  svg.append('g').attr('class', 'axis').attr('transform', `translate(${m.l},0)`)
    .call(d3.axisLeft(y).ticks(6, '~s'));
  svg.append('text').attr('class', 'axis-label').attr('x', (m.l + W - m.r) / 2).attr('y', H - 8).attr('text-anchor', 'middle')
    .text('arithmetic intensity (FLOP / byte)');
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(${fs + 2},${(m.t + H - m.b) / 2}) rotate(-90)`)
    .attr('text-anchor', 'middle').text('attained FLOP/s');

  // a fixed label goes to the first of its candidate places ([x, baseline y, anchor]) clear of every point
  // and every label placed so far
  const hitsAny = (b) => nodes.some((d) => d.x + r > b.x && d.x - r < b.x + b.w && d.y + r > b.y && d.y - r < b.y + b.h) ||
    reserved.some((t) => t.x < b.x + b.w && b.x < t.x + t.w && t.y < b.y + b.h && b.y < t.y + t.h);
  const placeFixed = (sel, cands) => {
    const w = widthOf(sel);
    const boxOf = ([cx, cy, anchor]) => ({ x: anchor === 'end' ? cx - w : cx, y: cy - fs, w, h: fs * 1.25 });
    const inside = (b) => b.x >= m.l && b.x + b.w <= W - m.r + 1 && b.y >= 0 && b.y + b.h <= H - m.b;
    const clearOfLabels = (b) => !reserved.some((t) => t.x < b.x + b.w && b.x < t.x + t.w && t.y < b.y + b.h && b.y < t.y + t.h);
    const at = cands.find((c) => inside(boxOf(c)) && !hitsAny(boxOf(c))) ||
      cands.find((c) => inside(boxOf(c)) && clearOfLabels(boxOf(c))) || cands.find((c) => inside(boxOf(c))) || cands[0];
    return textBox(sel.attr('x', at[0]).attr('y', at[1]).attr('text-anchor', at[2] === 'end' ? 'end' : 'start'));
  };
  for (const [peak, cls, label, ridge] of [[dev.mm_flops, 'ceil-mm', 'matmul / attention peak', mmRidge], [dev.vec_flops, 'ceil-vec', 'vector peak', vecRidge]]) {
    svg.append('path').attr('class', `ceiling ${cls}`).attr('d', d3.line()(ceiling(peak)));
    const yp = y(peak);
    const xr = x(Math.min(Math.max(ridge, a0), a1));
    placeFixed(svg.append('text').attr('class', `ceil-label ${cls}`).text(`${label} ${formatFlopRate(peak)}`), [
      [W - m.r - 2, yp - 5, 'end'], [W - m.r - 2, yp + fs + 3, 'end'], [xr + 8, yp - 5, 'start'], [xr + 8, yp + fs + 3, 'start'],
      [W - m.r - 2, yp - fs - 8, 'end'], [xr - 8, yp - 5, 'end'],
    ]);
    if (ridge > a0 && ridge < a1) {
      // the ridge point: the intensity where this ceiling's memory-bound slope meets its flat peak
      svg.append('line').attr('class', `ridge ${cls}`).attr('x1', x(ridge)).attr('x2', x(ridge)).attr('y1', yp).attr('y2', H - m.b);
      svg.append('circle').attr('class', `ridge-pt ${cls}`).attr('cx', x(ridge)).attr('cy', yp).attr('r', 4);
      // beside its dashed line, at the first free height going down
      const cands = [];
      for (let dy = fs + 3; yp + dy < H - m.b - 4; dy += fs + 4) cands.push([x(ridge) + 5, yp + dy, 'start'], [x(ridge) - 5, yp + dy, 'end']);
      placeFixed(svg.append('text').attr('class', `ceil-label ridge-label ${cls}`).attr('data-testid', 'ridge-label')
        .text(`ridge ${formatIntensity(ridge)}`), cands.length ? cands : [[x(ridge) + 5, yp + fs + 3, 'start']]);
    }
  }
  {
    // the bandwidth slope's label: along the slope, above it (ending where it is read) or below it
    const cands = [];
    for (let cx = m.l + 40; cx < W - m.r; cx += 14) {
      const cy = y(x.invert(cx) * dev.bw);
      cands.push([cx, cy - 6, 'end'], [cx + 6, cy + fs + 4, 'start']);
    }
    placeFixed(svg.append('text').attr('class', 'ceil-label').text(`bandwidth ${formatBandwidth(dev.bw)}`), cands);
  }

  // trails of the sweep: where each kernel goes as T (or S) moves
  const trails = svg.append('g').attr('class', 'trails');
  for (const tr of opts.trails || []) {
    if (tr.length < 2) continue;
    trails.append('path').attr('class', 'trail').attr('stroke', tr.color)
      .attr('d', d3.line()(tr.map((p) => [x(p.ai), y(p.perf)])));
  }

  const links = svg.append('g').attr('class', 'dodge');
  for (const d of nodes) {
    if (Math.hypot(d.x - d.tx, d.y - d.ty) > 1.5) links.append('line').attr('x1', d.tx).attr('y1', d.ty).attr('x2', d.x).attr('y2', d.y);
  }
  const ghosts = svg.append('g').attr('class', 'ghosts');
  for (const gp of opts.ghosts || []) {
    const from = nodes.find((d) => d.p.i === gp.i);
    if (from) ghosts.append('line').attr('class', 'ghost-link').attr('x1', from.x).attr('y1', from.y).attr('x2', x(gp.ai)).attr('y2', y(gp.perf));
    ghosts.append('circle').attr('class', `kghost ${gp.bound}`).attr('cx', x(gp.ai)).attr('cy', y(gp.perf)).attr('r', r - 1)
      .attr('stroke', gp.color);
  }
  const dots = svg.selectAll('circle.kpt').data(nodes).join('circle')
    .attr('class', (d) => `kpt ${d.p.bound}`).attr('data-testid', 'roofline-point').attr('data-kernel', (d) => d.p.i)
    .attr('tabindex', -1)
    .attr('cx', (d) => d.x).attr('cy', (d) => d.y).attr('r', r)
    .style('fill', (d) => d.p.color)
    .on('mousemove', (ev, d) => opts.onHover && opts.onHover(d.p, ev))
    .on('mouseleave', () => opts.onHover && opts.onHover(null))
    .on('click', (ev, d) => opts.onClick && opts.onClick(d.p));

  // labels: measured, then placed
  const lab = svg.append('g').attr('class', 'roof-labels');
  const texts = nodes.map((d) => lab.append('text').attr('class', 'roof-label').attr('data-testid', 'roofline-label')
    .attr('data-kernel', d.p.i).text(d.p.short));
  const items = nodes.map((d, j) => ({ x: d.x, y: d.y, r, w: widthOf(texts[j]), h: fs * 1.15 }));
  const area = { x0: m.l + 2, y0: m.t - fs, x1: W - m.r, y1: H - m.b - 2 };
  const placed = placeLabels(items, area, reserved);
  // no room for a name: the number alone (the bars list the names by number)
  const left = items.map((it, j) => (placed[j] ? null : j)).filter((j) => j !== null);
  if (left.length) {
    for (const j of left) texts[j].text(`#${nodes[j].p.i}`);
    const again = placeLabels(left.map((j) => ({ ...items[j], w: widthOf(texts[j]) })), area, [...reserved, ...placed.filter(Boolean)]);
    left.forEach((j, q) => { placed[j] = again[q]; });
  }
  nodes.forEach((d, j) => {
    const at = placed[j];
    if (!at) { texts[j].remove(); return; }
    texts[j].attr('x', at.x).attr('y', at.y + fs * 0.9);
    if (at.leader) {
      const lx = Math.max(at.x, Math.min(d.x, at.x + at.w));
      const ly = Math.max(at.y, Math.min(d.y, at.y + at.h));
      lab.insert('line', ':first-child').attr('class', 'leader').attr('x1', d.x).attr('y1', d.y).attr('x2', lx).attr('y2', ly);
    }
  });
  dots.raise();

  return {
    svg,
    select(i) {
      dots.classed('sel', (d) => d.p.i === i);
      lab.selectAll('text.roof-label').classed('sel', function () { return Number(this.getAttribute('data-kernel')) === i; });
    },
  };
}
