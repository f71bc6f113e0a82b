// kernels/roofline.js — the roofline chart: arithmetic intensity (FLOP/byte) against attained FLOP/s, under
// the matmul/attention and vector ceilings, with both ridge points marked (where bandwidth × intensity meets
// the peak: left of it a kernel is memory-bound). Points that fall on one place are pushed apart (d3-force,
// each tied to its true place by a thin line); every point's label is placed by labels.js, never on another.
// Drawn at the box's pixel width (1 SVG unit = 1 CSS px), so font sizes are what the reader gets.
// The chart is kept across redraws: a new result moves its points, labels and ceilings (keyed joins, only the
// attributes that changed are written), instead of a new SVG whose every element the browser styles, lays
// out and paints again; the dodge and the label placement are computed once per distinct input (cached).

import { d3 } from '../../lib.js';
import { formatBandwidth, formatFlopRate, formatIntensity } from '../../format.js';
import { setAttr, setText } from '../../dom.js';
import { placeLabels } from './labels.js';
import { keepAxis } from './axis.js';
import { t } from '../../i18n/i18n.js';

// text widths from a canvas in the page's font (the labels' boxes are placed before anything is laid out)
// (style.css's --font: reading the computed style would force a style pass of the whole page)
const FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
let measureCtx = null;
const widthMemo = new Map();   // `${fs}|${text}` → px: the same few dozen labels at every redraw
function textWidth(text, fs, pad) {
  const key = `${fs}|${text}`;
  let w = widthMemo.get(key);
  if (w === undefined) {
    if (!measureCtx && typeof document !== 'undefined') measureCtx = document.createElement('canvas').getContext('2d');
    if (measureCtx) {
      measureCtx.font = `${fs}px ${FAMILY}`;
      w = measureCtx.measureText(text).width;
    } else w = text.length * fs * 0.6;
    if (widthMemo.size > 4096) widthMemo.clear();
    widthMemo.set(key, w);
  }
  // the labels' halo (stroke) and rounding: a pixel each side
  return w + (pad ? 2 : 0);
}

/** A small most-recently-used cache: get(key, make) returns the value kept for key, or make()'s. */
function memo(limit) {
  const m = new Map();
  return (key, make) => {
    if (m.has(key)) {
      const v = m.get(key);
      m.delete(key);
      m.set(key, v);
      return v;
    }
    const v = make();
    m.set(key, v);
    if (m.size > limit) m.delete(m.keys().next().value);
    return v;
  };
}
// the slider goes back and forth over the same values: both computations are pure functions of their input
const dodgeMemo = memo(64);
const placeMemo = memo(64);

/** Points that coincide pushed apart (d3-force): [[x, y]] per target [tx, ty]. */
function dodge(targets, r) {
  return dodgeMemo(`${r}|${targets.map(([x, y]) => `${x},${y}`).join(' ')}`, () => {
    const nodes = targets.map(([tx, ty]) => ({ tx, ty, x: tx, y: ty }));
    if (nodes.length > 1) {
      const sim = d3.forceSimulation(nodes).stop()
        .force('x', d3.forceX((d) => d.tx).strength(0.25)).force('y', d3.forceY((d) => d.ty).strength(0.25))
        .force('collide', d3.forceCollide(r + 1.5));
      for (let t = 0; t < 120; t++) sim.tick();
    }
    return nodes.map((d) => [d.x, d.y]);
  });
}

const SVGNS = 'http://www.w3.org/2000/svg';
function svgChild(parent, tag, attrs = {}) {
  const n = parent.ownerDocument.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  parent.appendChild(n);
  return n;
}

/** The chart's lasting nodes, made on the first draw into box. */
function frame(box) {
  const svg = d3.select(box).append('svg').attr('class', 'roof-svg').attr('role', 'group');   // not img: its points are a listbox
  const s = svg.node();
  const k = {
    svg,
    axisX: svg.append('g').attr('class', 'axis'),
    axisY: svg.append('g').attr('class', 'axis'),
    labelX: svgChild(s, 'text', { class: 'axis-label', 'text-anchor': 'middle' }),
    labelY: svgChild(s, 'text', { class: 'axis-label', 'text-anchor': 'middle' }),
    ceils: svg.append('g').attr('class', 'ceilings'),
    bwLabel: null,
    trails: svg.append('g').attr('class', 'trails'),
    links: svg.append('g').attr('class', 'dodge'),
    ghosts: svg.append('g').attr('class', 'ghosts'),
    lab: svg.append('g').attr('class', 'roof-labels'),
    dots: svg.append('g').attr('class', 'roof-points').attr('role', 'listbox'),
    opts: null,
  };
  k.bwLabel = svgChild(k.ceils.node(), 'text', { class: 'ceil-label' });
  k.leaders = k.lab.append('g').attr('class', 'leaders');
  return k;
}

/**
 * pts: [{i, ai, perf, color, short, bound}] (one per drawn point); dev: the result's device;
 * opts: {width, inst, trails: [[{ai, perf}]] | null, ghosts: [{i, ai, perf}] | null, onHover(p|null, ev), onClick(p)}.
 * Draws into box (the chart it drew there before is updated) and returns {svg, select(i)} — select marks the
 * point of kernel i (or none). The steps: the geometry (size, scales, the points pushed apart), the frame and
 * axes, the ceilings with their ridges and the bandwidth label, the sweep's trails and ghosts, the points, their
 * labels.
 */
export function drawRoofline(box, pts, dev, opts) {
  const g = geometry(pts, dev, opts);
  let k = box.__roof;
  if (!k || k.svg.node().parentNode !== box) k = box.__roof = frame(box);
  k.opts = opts;
  drawFrame(k, g, pts.length);
  const placeFixed = fixedPlacer(g);
  drawCeilings(k, g, placeFixed);
  drawSweep(k, g);
  const dots = drawPoints(k, g);
  drawLabels(k, g);
  return {
    svg: k.svg,
    select(i) {
      dots.each(function (d) { this.classList.toggle('sel', d.p.i === i); });
      k.lab.selectAll('text.roof-label').each(function () { this.classList.toggle('sel', Number(this.getAttribute('data-kernel')) === i); });
    },
  };
}

// The chart's size, margins and log scales, and the points where they are drawn (pushed apart where they
// coincide, each tied to its true place); reserved: the boxes of the labels placed so far.
function geometry(pts, dev, opts) {
  const inst = !!opts.inst;
  const fs = inst ? 16 : 12;   // presentation: style.css sets 16 px chart text
  const W = Math.max(360, Math.round(opts.width || 520));
  const H = Math.round(Math.min(Math.max(W * (inst ? 0.85 : 0.72), 320), 640));
  const m = { l: inst ? 84 : 62, r: 14, t: fs + 14, b: inst ? 58 : 48 };
  const mmRidge = dev.mm_flops / dev.bw;
  const vecRidge = dev.vec_flops / dev.bw;
  const all = [...pts, ...(opts.ghosts || []), ...(opts.trails || []).flat()];
  const aiMin = Math.min(d3.min(all, (p) => p.ai) ?? 1, vecRidge / 20);
  const aiMax = Math.max(d3.max(all, (p) => p.ai) ?? 10, mmRidge * 4);
  const x = d3.scaleLog().domain([aiMin / 3, aiMax * 2]).range([m.l, W - m.r]).clamp(true);
  const pMin = Math.min(d3.min(all, (p) => p.perf) ?? dev.vec_flops / 1e3, dev.vec_flops / 1e3);
  const y = d3.scaleLog().domain([pMin / 3, dev.mm_flops * 6]).range([H - m.b, m.t]).clamp(true);
  const r = inst ? 7 : 5.5;
  const at = dodge(pts.map((p) => [x(p.ai), y(p.perf)]), r);
  const nodes = pts.map((p, j) => ({ p, tx: x(p.ai), ty: y(p.perf), x: at[j][0], y: at[j][1] }));
  const widthOf = (text, cls) => textWidth(text, fs, cls === 'roof-label' || cls === 'ceil-label');
  return { dev, opts, fs, W, H, m, mmRidge, vecRidge, x, y, r, nodes, widthOf, reserved: [] };
}

function drawFrame(k, g, npts) {
  const { W, H, m, fs, x, y } = g;
  const s = k.svg.node();
  setAttr(s, 'width', W);
  setAttr(s, 'height', H);
  setAttr(s, 'viewBox', `0 0 ${W} ${H}`);
  setAttr(s, 'aria-label', t('kernels.roof.aria', { n: npts, mm: formatIntensity(g.mmRidge), vec: formatIntensity(g.vecRidge) }));
  // the words are set on every draw: the language may have changed since the chart was made
  setAttr(k.dots.node(), 'aria-label', t('kernels.roof.points'));
  setText(k.labelX, t('kernels.roof.x'));
  setText(k.labelY, t('kernels.roof.y'));
  if (s.style.getPropertyValue('--fs') !== `${fs}px`) s.style.setProperty('--fs', `${fs}px`);
  setAttr(k.axisX.node(), 'transform', `translate(0,${H - m.b})`);
  keepAxis(k.axisX, 'bottom', x, { ticks: [6, '~s'] });
  setAttr(k.axisY.node(), 'transform', `translate(${m.l},0)`);
  keepAxis(k.axisY, 'left', y, { ticks: [6, '~s'] });
  setAttr(k.labelX, 'x', (m.l + W - m.r) / 2);
  setAttr(k.labelX, 'y', H - 8);
  setAttr(k.labelY, 'transform', `translate(${fs + 2},${(m.t + H - m.b) / 2}) rotate(-90)`);
}

// placeFixed(node, text, cands): a fixed label goes to the first of its candidate places ([x, baseline y,
// anchor]) clear of every point and every label placed so far
function fixedPlacer(g) {
  const { nodes, reserved, r, fs, W, H, m } = g;
  const overlapsBox = (t, b) => t.x < b.x + b.w && b.x < t.x + t.w && t.y < b.y + b.h && b.y < t.y + t.h;
  const hitsAny = (b) => nodes.some((d) => d.x + r > b.x && d.x - r < b.x + b.w && d.y + r > b.y && d.y - r < b.y + b.h) ||
    reserved.some((t) => overlapsBox(t, b));
  return (node, text, cands) => {
    setText(node, text);
    const w = g.widthOf(text, 'ceil-label');
    const boxOf = ([cx, cy, anchor]) => ({ x: anchor === 'end' ? cx - w : cx, y: cy - fs, w, h: fs * 1.25 });
    const inside = (b) => b.x >= m.l && b.x + b.w <= W - m.r + 1 && b.y >= 0 && b.y + b.h <= H - m.b;
    const clearOfLabels = (b) => !reserved.some((t) => overlapsBox(t, b));
    const c = cands.find((q) => inside(boxOf(q)) && !hitsAny(boxOf(q))) ||
      cands.find((q) => inside(boxOf(q)) && clearOfLabels(boxOf(q))) || cands.find((q) => inside(boxOf(q))) || cands[0];
    const anchor = c[2] === 'end' ? 'end' : 'start';
    setAttr(node, 'x', c[0]);
    setAttr(node, 'y', c[1]);
    setAttr(node, 'text-anchor', anchor);
    reserved.push({ x: c[0] - (anchor === 'end' ? w : 0), y: c[1] - fs, w, h: fs * 1.25 });
  };
}

// the two ceilings (matmul / attention and vector peaks), each with its ridge point, and the bandwidth label
function drawCeilings(k, g, placeFixed) {
  const { dev, x, y, W, H, m, fs, mmRidge, vecRidge } = g;
  const [a0, a1] = x.domain();
  const ceiling = (peak) => {
    const knee = peak / dev.bw;
    const p = [[a0, Math.min(peak, a0 * dev.bw)]];
    if (knee > a0 && knee < a1) p.push([knee, peak]);
    p.push([a1, Math.min(peak, a1 * dev.bw)]);
    return p.map(([a, v]) => [x(a), y(v)]);
  };
  const ceilData = [[dev.mm_flops, 'ceil-mm', t('kernels.ceiling.mm'), mmRidge], [dev.vec_flops, 'ceil-vec', t('kernels.ceiling.vec'), vecRidge]];
  const groups = k.ceils.selectAll('g.ceil').data(ceilData, (d) => d[1]).join((enter) => enter.insert('g', 'text').attr('class', 'ceil').each(function ([, cls]) {
    this.__parts = {
      path: svgChild(this, 'path', { class: `ceiling ${cls}` }),
      label: svgChild(this, 'text', { class: `ceil-label ${cls}` }),
      ridge: null,
    };
  }));
  groups.each(function ([peak, cls, label, ridge]) {
    const q = this.__parts;
    setAttr(q.path, 'd', d3.line()(ceiling(peak)));
    const yp = y(peak);
    const xr = x(Math.min(Math.max(ridge, a0), a1));
    placeFixed(q.label, `${label} ${formatFlopRate(peak)}`, [
      [W - m.r - 2, yp - 5, 'end'], [W - m.r - 2, yp + fs + 3, 'end'], [xr + 8, yp - 5, 'start'], [xr + 8, yp + fs + 3, 'start'],
      [W - m.r - 2, yp - fs - 8, 'end'], [xr - 8, yp - 5, 'end'],
    ]);
    if (ridge > a0 && ridge < a1) {
      // the ridge point: the intensity where this ceiling's memory-bound slope meets its flat peak
      if (!q.ridge) {
        q.ridge = {
          line: svgChild(this, 'line', { class: `ridge ${cls}` }),
          pt: svgChild(this, 'circle', { class: `ridge-pt ${cls}`, r: 4 }),
          label: svgChild(this, 'text', { class: `ceil-label ridge-label ${cls}`, 'data-testid': 'ridge-label' }),
        };
      }
      const xg = x(ridge);
      setAttr(q.ridge.line, 'x1', xg);
      setAttr(q.ridge.line, 'x2', xg);
      setAttr(q.ridge.line, 'y1', yp);
      setAttr(q.ridge.line, 'y2', H - m.b);
      setAttr(q.ridge.pt, 'cx', xg);
      setAttr(q.ridge.pt, 'cy', yp);
      // beside its dashed line, at the first free height going down
      const cands = [];
      for (let dy = fs + 3; yp + dy < H - m.b - 4; dy += fs + 4) cands.push([xg + 5, yp + dy, 'start'], [xg - 5, yp + dy, 'end']);
      placeFixed(q.ridge.label, t('kernels.roof.ridge', { ai: formatIntensity(ridge) }), cands.length ? cands : [[xg + 5, yp + fs + 3, 'start']]);
    } else if (q.ridge) {
      for (const n of Object.values(q.ridge)) n.remove();
      q.ridge = null;
    }
  });
  {
    // the bandwidth slope's label: along the slope, above it (ending where it is read) or below it
    const cands = [];
    for (let cx = m.l + 40; cx < W - m.r; cx += 14) {
      const cy = y(x.invert(cx) * dev.bw);
      cands.push([cx, cy - 6, 'end'], [cx + 6, cy + fs + 4, 'start']);
    }
    placeFixed(k.bwLabel, t('kernels.roof.bw', { bw: formatBandwidth(dev.bw) }), cands);
  }
}

// the sweep's trails (where each kernel goes as T or S moves), the lines from moved points to their true
// places, and the ghosts (hollow points of the other kernel set) with their links
function drawSweep(k, g) {
  const { opts, x, y, r, nodes } = g;
  const trailData = (opts.trails || []).filter((tr) => tr.length >= 2);
  k.trails.selectAll('path.trail').data(trailData).join((enter) => enter.append('path').attr('class', 'trail')).each(function (tr) {
    setAttr(this, 'stroke', tr.color);
    setAttr(this, 'd', d3.line()(tr.map((p) => [x(p.ai), y(p.perf)])));
  });

  const moved = nodes.filter((d) => Math.hypot(d.x - d.tx, d.y - d.ty) > 1.5);
  k.links.selectAll('line').data(moved, (d) => d.p.i).join('line').each(function (d) {
    setAttr(this, 'x1', d.tx);
    setAttr(this, 'y1', d.ty);
    setAttr(this, 'x2', d.x);
    setAttr(this, 'y2', d.y);
  });
  const ghostData = (opts.ghosts || []).map((gp) => ({ gp, from: nodes.find((d) => d.p.i === gp.i) }));
  k.ghosts.selectAll('line.ghost-link').data(ghostData.filter((g) => g.from), (g) => g.gp.i).join((enter) => enter.append('line').attr('class', 'ghost-link'))
    .each(function ({ gp, from }) {
      setAttr(this, 'x1', from.x);
      setAttr(this, 'y1', from.y);
      setAttr(this, 'x2', x(gp.ai));
      setAttr(this, 'y2', y(gp.perf));
    });
  k.ghosts.selectAll('circle').data(ghostData, (g) => g.gp.i).join('circle').each(function ({ gp }) {
    setAttr(this, 'class', `kghost ${gp.bound}`);
    setAttr(this, 'cx', x(gp.ai));
    setAttr(this, 'cy', y(gp.perf));
    setAttr(this, 'r', r - 1);
    setAttr(this, 'stroke', gp.color);
  });
  k.ghosts.selectAll('line.ghost-link').lower();   // the links under the hollow points, as they were drawn

}

function drawPoints(k, g) {
  const { nodes, r } = g;
  const dots = k.dots.selectAll('circle.kpt').data(nodes, (d) => d.p.i).join((enter) => enter.append('circle')
    .attr('data-testid', 'roofline-point').attr('tabindex', -1).attr('role', 'option')
    .on('mousemove', (ev, d) => k.opts.onHover && k.opts.onHover(d.p, ev))
    .on('mouseleave', () => k.opts.onHover && k.opts.onHover(null))
    .on('click', (ev, d) => k.opts.onClick && k.opts.onClick(d.p)))
    .each(function (d) {
      setAttr(this, 'aria-label', t(d.p.name ? 'kernels.roof.point.named' : 'kernels.roof.point', { i: d.p.i, name: d.p.name, bound: t(`kernels.bound.${d.p.bound}`) }));
      // the class keeps what select() marked (sel) and only swaps the bound
      for (const b of ['compute', 'memory']) if (b !== d.p.bound && this.classList.contains(b)) this.classList.remove(b);
      for (const c of ['kpt', d.p.bound]) if (!this.classList.contains(c)) this.classList.add(c);
      setAttr(this, 'data-kernel', d.p.i);
      setAttr(this, 'cx', d.x);
      setAttr(this, 'cy', d.y);
      setAttr(this, 'r', r);
      if (this.style.fill !== d.p.color) this.style.fill = d.p.color;
    });

  return dots;
}

// the points' labels: measured, then placed (once per distinct input)
function drawLabels(k, g) {
  const { nodes, r, fs, W, H, m, reserved, widthOf } = g;
  const items = nodes.map((d) => ({ x: d.x, y: d.y, r, w: widthOf(d.p.short, 'roof-label'), h: fs * 1.15 }));
  const area = { x0: m.l + 2, y0: m.t - fs, x1: W - m.r, y1: H - m.b - 2 };
  const placedKey = JSON.stringify([items, area, reserved, nodes.map((d) => d.p.i)]);
  const { placed, texts } = placeMemo(placedKey, () => {
    const out = placeLabels(items, area, reserved);
    const txt = nodes.map((d) => d.p.short);
    // no room for a name: the number alone (the bars list the names by number)
    const left = items.map((it, j) => (out[j] ? null : j)).filter((j) => j !== null);
    if (left.length) {
      for (const j of left) txt[j] = `#${nodes[j].p.i}`;
      const again = placeLabels(left.map((j) => ({ ...items[j], w: widthOf(txt[j], 'roof-label') })), area, [...reserved, ...out.filter(Boolean)]);
      left.forEach((j, q) => { out[j] = again[q]; });
    }
    return { placed: out, texts: txt };
  });
  const shown = nodes.map((d, j) => ({ d, at: placed[j], text: texts[j] })).filter((q) => q.at);
  k.lab.selectAll('text.roof-label').data(shown, (q) => q.d.p.i).join((enter) => enter.append('text')
    .attr('class', 'roof-label').attr('data-testid', 'roofline-label'))
    .each(function ({ d, at: b, text }) {
      setAttr(this, 'data-kernel', d.p.i);
      setText(this, text);
      setAttr(this, 'x', b.x);
      setAttr(this, 'y', b.y + fs * 0.9);
    });
  k.leaders.selectAll('line.leader').data(shown.filter((q) => q.at.leader), (q) => q.d.p.i).join((enter) => enter.append('line').attr('class', 'leader'))
    .each(function ({ d, at: b }) {
      setAttr(this, 'x1', d.x);
      setAttr(this, 'y1', d.y);
      setAttr(this, 'x2', Math.max(b.x, Math.min(d.x, b.x + b.w)));
      setAttr(this, 'y2', Math.max(b.y, Math.min(d.y, b.y + b.h)));
    });

}
