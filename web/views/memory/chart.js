// views/memory/chart.js — one memory plan as a chart: a block per value written back, on (kernel step × byte
// offset), coloured by the kernel that wrote it; the live-bytes curve (its peak is the lower bound), the plan's
// peak and the lower bound as lines, and byte axes in one binary unit (ticks.js). The chart's nodes last: a new
// result moves its blocks (keyed on the value's node id), curve, lines and axes in place, writing only the
// attributes that changed. Over MAX_LT_RECTS blocks (a big stack, most of them under a pixel wide) they are one
// path per colour, each pixel rectangle once, instead of a rectangle each.
import { d3 } from '../../lib.js';
import { el, setAttr, setText } from '../../dom.js';
import { formatBytes } from '../../format.js';
import { fmtShape } from '../../ops.js';
import { tableLength } from '../../result-pack.js';
import { kernelColor } from '../kernels/palette.js';
import { binaryTicks, tickText } from './ticks.js';
import { keepAxis } from '../kernels/axis.js';
import { t } from '../../i18n/i18n.js';
import { kernelNameText } from '../kernels/names.js';

export const MAX_LT_RECTS = 600;

// one chart's lasting nodes (made on its first draw): a new result moves its blocks (keyed on the value's
// node id), curve, lines and axes in place, writing only the attributes that changed
export function chartFrame() {
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
    labelX: svg.append('text').attr('class', 'axis-label').attr('text-anchor', 'middle').node(),
    labelY: svg.append('text').attr('class', 'axis-label').attr('data-testid', 'memory-y-title').attr('text-anchor', 'middle').node(),
  };
  return k;
}

/**
 * Draws one plan into k (chartFrame's): title, offsets (node id → byte offset), peak, lower (the lower bound), W
 * (the width), replay (greedy's chart, replayed: blocks beyond `placed` of cur.order marked), cur (what the
 * panel draws: {lts, steps, inst, live, order}); hover(d, ev) / select(d) for a block. Returns k.box.
 */
export function drawPlanChart(k, { title, offsets, peak, lower, W, replay, cur, placed, hover, select }) {
  const { lts, steps, inst, live } = cur;
  const fs = inst ? 16 : 12;   // presentation: style.css sets 16 px chart text
  const H = Math.round(Math.min(Math.max(W * 0.66, 260), 460));
  const m = { l: inst ? 76 : 58, r: 12, t: fs + 14, b: fs * 2 + 22 };
  const ymax = Math.max(peak, lower, 1);
  const yt = binaryTicks(ymax * 1.04);
  const x = d3.scaleLinear().domain([0, steps + 1]).range([m.l, W - m.r]);
  const y = d3.scaleLinear().domain([0, yt.top]).range([H - m.b, m.t]);
  const sv = k.svg.node();
  setAttr(sv, 'width', W);
  setAttr(sv, 'height', H);
  setAttr(sv, 'viewBox', `0 0 ${W} ${H}`);
  setAttr(sv, 'aria-label', t('memory.chart.aria', { title, peak: formatBytes(peak) }));
  setAttr(k.title, 'x', m.l);
  setAttr(k.title, 'y', fs + 2);
  setText(k.title, t('memory.chart.title', { title, peak: formatBytes(peak) }));
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
    .on('mousemove', (ev, d) => hover(d, ev))
    .on('mouseleave', () => hover(null))
    .on('click', (ev, d) => select(d)))
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
  for (let s = 0; s < live.length; s += perPx) {
    let b = live[s];
    for (let u = s + 1; u < Math.min(live.length, s + perPx); u++) if (live[u] > b) b = live[u];
    pts.push([x(s), y(b)], [x(Math.min(live.length, s + perPx)), y(b)]);
  }
  setAttr(k.live, 'data-peak', Math.max(0, ...live));
  setAttr(k.live, 'd', d3.line()(pts));
  const hlines = [['peak', peak, t('memory.line.peak', { bytes: formatBytes(peak) }), false]];
  if (Math.abs(lower - peak) > 0.5) hlines.push(['lower', lower, t('memory.line.lower', { bytes: formatBytes(lower) }), true]);
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
  setText(k.labelX, t('memory.axis.x'));
  setText(k.labelY, t('memory.axis.y', { unit: yt.unit }));
  return k.box;
}

// what a block's tooltip says: its value (op, shape, bytes), the kernel that wrote it, its last reader, its place
export const kernelName = (cur, ki) => {
  const k = cur && cur.names(ki);
  return ki === undefined || ki === null ? '?' : `#${ki}${k ? ` ${kernelNameText(k)}` : ''}`;
};
export function blockLines(d, cur) {
  const v = cur.values(d.nid);
  const nk = tableLength(cur.r.fused, 'kernels');
  return [
    `%${d.nid}${v ? ` ${v[0]} ${fmtShape(v[1])}` : ''}: ${formatBytes(d.bytes)}`,
    t('memory.tip.written', { kernel: kernelName(cur, d.s) }),
    d.e >= nk ? t('memory.tip.output', { e: d.e }) : t('memory.tip.read', { kernel: kernelName(cur, d.e) }),
    t('memory.tip.alive', { s: d.s, e: d.e, off: formatBytes(d.off) }),
  ];
}
