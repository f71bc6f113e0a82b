// views/kernels/bars.js — the kernels panel's bar chart: one row per kernel (its swatch, "#i name", the core's
// roofline time as a bar coloured by what bounds it, the launch overhead after it when asked, the other,
// non-binding time as a thin line), a time axis and the legend. The chart's nodes last: a new result updates
// its rows (keyed on the kernel's index) in place, writing only what changed.
import { d3 } from '../../lib.js';
import { el, clear, setAttr, setFlag, setText } from '../../dom.js';
import { formatCount, formatTime } from '../../format.js';
import { keepAxis } from './axis.js';
import { lang, t } from '../../i18n/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const svgNew = (parent, tag, cls) => {
  const n = document.createElementNS(SVG, tag);
  if (cls) n.setAttribute('class', cls);
  parent.appendChild(n);
  return n;
};

/** box: the chart's element; on: {tip(ev, d), enter(d), leave(), click(d)} for a row's kernel facts d. */
export function createBarChart(box, on) {
  let bars = null;   // {svg, axis, legend, more, legendFor}
  /** data: the rows' kernel facts (kernels/facts.js); all: how many kernels there are; width: the box's. */
  function draw(data, { all, set, inst, withLaunch, width }) {
    if (!all) {
      clear(box);
      bars = null;
      box.append(el('p', { class: 'note' }, t(set === 'eager' ? 'kernels.bars.noeager' : 'kernels.bars.none')));
      return;
    }
    const fs = inst ? 16 : 12;   // presentation: style.css sets 16 px chart text
    const rowH = inst ? 32 : 22;
    const W = Math.max(360, width - 12);
    const labelW = Math.round(W * 0.46);
    const H = data.length * rowH + fs + 14;
    const xmax = d3.max(data, (d) => d.t + (withLaunch ? d.launch : 0)) || 1;
    const x = d3.scaleLinear().domain([0, xmax]).range([labelW, W - 14]);
    if (!bars) {
      clear(box);
      const svg = d3.select(box).append('svg').attr('class', 'bars-svg').attr('role', 'img');
      bars = { svg, axis: svg.append('g').attr('class', 'axis'), legend: el('div', { class: 'kern-legend' }), more: el('p', { class: 'note', hidden: '' }), legendFor: null };
      box.append(bars.legend, bars.more);
    }
    const sv = bars.svg.node();
    setAttr(sv, 'width', W);
    setAttr(sv, 'height', H);
    setAttr(sv, 'viewBox', `0 0 ${W} ${H}`);
    setAttr(sv, 'aria-label', t('kernels.bars.aria', { n: data.length }));
    const rows = bars.svg.selectAll('g.krow').data(data, (d) => d.i).join((enter) => enter.insert('g', 'g.axis').attr('class', 'krow')
      .on('mousemove', (ev, d) => on.tip(ev, d))
      .on('mouseenter', (ev, d) => on.enter(d))
      .on('mouseleave', () => on.leave())
      .on('click', (ev, d) => on.click(d))
      .each(function () {
        this.__parts = {
          bg: svgNew(this, 'rect', 'krow-bg'), sw: svgNew(this, 'rect', 'kswatch'), label: svgNew(this, 'text', 'klabel'),
          bar: svgNew(this, 'rect'), launch: null, other: svgNew(this, 'line', 'kother'),
        };
        this.__parts.bar.setAttribute('data-testid', 'kernel-bar');
      }));
    const maxChars = Math.floor((labelW - 18) / (fs * 0.6));
    const x0 = x(0);
    rows.each(function (d, j) {
      const q = this.__parts;
      setAttr(this, 'transform', `translate(0,${j * rowH})`);
      setAttr(q.bg, 'x', 0);
      setAttr(q.bg, 'y', 0);
      setAttr(q.bg, 'width', W);
      setAttr(q.bg, 'height', rowH);
      setAttr(q.sw, 'x', 2);
      setAttr(q.sw, 'y', 3);
      setAttr(q.sw, 'width', 7);
      setAttr(q.sw, 'height', rowH - 6);
      setAttr(q.sw, 'fill', set === 'fused' ? d.color : '#999');
      setAttr(q.label, 'x', 14);
      setAttr(q.label, 'y', rowH / 2);
      setAttr(q.label, 'dy', '0.35em');
      const s = `#${d.i} ${d.name}`;
      setText(q.label, s.length > maxChars ? s.slice(0, maxChars - 1) + '…' : s);
      setAttr(q.bar, 'class', `kbar ${d.bound}`);
      setAttr(q.bar, 'x', x0);
      setAttr(q.bar, 'y', 3);
      setAttr(q.bar, 'width', Math.max(1, x(d.t) - x0));
      setAttr(q.bar, 'height', rowH - 6);
      if (withLaunch) {
        if (!q.launch) this.insertBefore((q.launch = document.createElementNS(SVG, 'rect')), q.other);
        setAttr(q.launch, 'class', 'klaunch');
        setAttr(q.launch, 'x', x(d.t));
        setAttr(q.launch, 'y', 3);
        setAttr(q.launch, 'width', Math.max(0.5, x(d.t + d.launch) - x(d.t)));
        setAttr(q.launch, 'height', rowH - 6);
      } else if (q.launch) {
        q.launch.remove();
        q.launch = null;
      }
      setAttr(q.other, 'x1', x0);
      setAttr(q.other, 'x2', x(Math.min(d.tc, d.tm)));
      setAttr(q.other, 'y1', rowH / 2);
      setAttr(q.other, 'y2', rowH / 2);
    });
    setAttr(bars.axis.node(), 'transform', `translate(0,${data.length * rowH + 2})`);
    keepAxis(bars.axis, 'bottom', x, { ticks: [Math.max(2, Math.floor((W - labelW) / 90))], format: (v) => formatTime(v) });
    if (bars.legendFor !== `${withLaunch}|${lang()}`) {
      bars.legendFor = `${withLaunch}|${lang()}`;
      clear(bars.legend);
      bars.legend.append(
        el('span', { class: 'sw compute' }), ` ${t('kernels.bound.compute')}  `, el('span', { class: 'sw memory' }), ` ${t('kernels.bound.memory')}  `,
        withLaunch ? el('span', { class: 'sw launch' }) : '', withLaunch ? ` ${t('kernels.legend.launch')}  ` : '',
        t('kernels.legend.thin'));
    }
    setFlag(bars.more, 'hidden', !(all > data.length));
    if (all > data.length) setText(bars.more, t('kernels.bars.more', { n: data.length, all: formatCount(all) }));
  }
  return { draw };
}
