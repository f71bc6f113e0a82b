// views/kernels.js — fusion and the roofline (graph_lab.py §10).
//  - eager (one kernel per op, after decompose) vs fused totals: kernels, bytes, FLOPs, time;
//  - one bar per kernel: the core's roofline time (time_s = max(FLOPs/peak, bytes/bandwidth)), coloured by
//    what bounds it, plus the fixed launch overhead; the non-binding term is a thin line inside the bar;
//  - the roofline chart (kernels/roofline.js): arithmetic intensity against attained FLOP/s, both ridge
//    points marked, every point labelled (kernels/labels.js), and a sweep of T or S (kernels/sweep.js).
// Fused kernels are named by what they contain (the core's lab_kernels: c/src/io/lab_facts.c);
// the op label stays as the detail. Hovering a bar or a point highlights the kernel's nodes in the graph (the
// fused kernels are drawn on the last stage); clicking selects it (details below the charts); so does the
// keyboard: with the bar list focused, ↑/↓ step through the kernels (details in the tooltip and an aria-live
// line), Esc or leaving the list clears it.

import { el, clear, keepTable, setAttr, setFlag, setText, showTipAt } from '../dom.js';
import { formatBytes, formatCount, formatFlops, formatTime } from '../format.js';
import { kernelColor } from './kernels/palette.js';
import { kernelFacts } from './kernels/facts.js';
import { tableLength, tableRow, tableGet } from '../result-pack.js';
import { drawRoofline } from './kernels/roofline.js';
import { createBarChart } from './kernels/bars.js';
import { describeLines, describeDetails } from './kernels/describe.js';
import { createSweep, SWEEP_GRID } from './kernels/sweep.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';
import { explain } from '../glossary.js';

const MAX_BAR_ROWS = 128;
const MAX_POINTS = 64;

export { kernelFacts };

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
  const sweepRange = el('input', { type: 'range', min: 0, max: SWEEP_GRID.length - 1, step: 1, id: 'kern-sweep',
    'data-testid': 'roofline-sweep', 'aria-label': 'sweep the sequence length' });
  const sweepAxis = el('span', {}, 'T');
  const sweepSaid = el('output', { class: 'sweep-said', for: 'kern-sweep', 'data-testid': 'sweep-said' });
  const sweepBox = el('div', { class: 'kern-sweep' }, el('label', { for: 'kern-sweep' }, 'sweep ', sweepAxis, ' '), sweepRange, sweepSaid);
  const details = el('div', { class: 'kern-details', 'data-testid': 'kernel-details', 'aria-live': 'polite' });
  const note = el('p', { class: 'note' });
  root.append(totals, launchNote, bar,
    el('div', { class: 'kern-grid' },
      el('div', {}, el('h3', {}, 'Time per kernel'), barsBox),
      el('div', {}, el('h3', {}, 'Roofline'), rooflineBox, sweepBox)),
    details, note);
  const tip = el('div', { class: 'tooltip', hidden: '' });
  root.append(tip, kernelSaid);

  // the set drawn: n kernels, at(i) their kernelFacts (made when first read: a 1024-layer stack has 47,104
  // eager kernels, and the panel reads the first bars, the roofline's places and what is hovered)
  let facts = { n: 0, at: () => undefined, places: [] };
  let roof = null;              // the drawn roofline's {select}
  let crossings = null;         // per kernel: {from, to} | {never} | {always}, once the sweep has found them
  let sweep = null;
  let ghostsAt = null;          // [value, kernels] the sweep's points drawn

  // ---- selection: ↑/↓ on the bars, or a click on a bar or a point (the same tooltip and graph highlight as hovering)
  let selected = null;          // index of the selected kernel, or null
  function select(i, how = 'key') {
    const rows = barsBox.querySelectorAll('g.krow');
    const n = Math.min(rows.length, facts.n);
    selected = i === null || !n ? null : Math.max(0, Math.min(n - 1, i));
    rows.forEach((g, j) => g.classList.toggle('ksel', j === selected));
    if (roof) roof.select(selected);
    if (selected === null) {
      tip.hidden = true;
      kernelSaid.textContent = '';
      clear(details);
      ctx.highlightKernel(null);
      return;
    }
    const f = facts.at(selected);
    const lines = kernelLines(f);
    const anchor = how === 'key' ? rows[selected] : (rooflineBox.querySelector(`circle.kpt[data-kernel="${selected}"]`) || rows[selected]);
    const box = anchor.getBoundingClientRect();
    showTip({ clientX: box.left + Math.min(box.width / 3, 40), clientY: box.bottom }, lines);
    kernelSaid.textContent = [`#${f.i} ${f.name}`, ...lines.slice(2)].join('; ');
    drawDetails(f);
    if (lastArgs && lastArgs[2] === 'fused') ctx.highlightKernel(selected);
  }
  const hover = (f, ev) => {
    if (!f) {
      tip.hidden = true;
      ctx.highlightKernel(selected !== null && lastArgs && lastArgs[2] === 'fused' ? selected : null);
      return;
    }
    showTip(ev, kernelLines(f));
    if (lastArgs && lastArgs[2] === 'fused') ctx.highlightKernel(f.i);
  };
  // a click also makes the kernel's last node (its output, on the last stage) the lab's one selection
  const click = (f) => {
    select(selected === f.i ? null : f.i, 'click');
    const stages = lastModel && lastModel.stages;
    const last = stages && stages[stages.length - 1];
    const id = f.k.nodes[f.k.nodes.length - 1];
    if (lastArgs && lastArgs[2] === 'fused' && last && last.nodes[id]) ctx.select(last.nodes[id].key);
  };
  let lastModel = null;
  /** The one selection's kernel (fused set only): its bar and roofline point carry aria-selected. */
  function highlight(sel, model) {
    lastModel = model;
    const ki = sel && lastArgs && lastArgs[2] === 'fused' ? sel.kernel : null;
    barsBox.querySelectorAll('g.krow').forEach((g, j) => {
      const on = ki !== null && (g.__data__ ? g.__data__.i : j) === ki;
      g.classList.toggle('gsel', on);
      const bar = g.querySelector('[data-testid="kernel-bar"]');
      if (bar) setAttr(bar, 'aria-selected', on ? 'true' : 'false');
    });
    for (const c of rooflineBox.querySelectorAll('circle.kpt')) setAttr(c, 'aria-selected', ki !== null && Number(c.dataset.kernel) === ki ? 'true' : 'false');
  }
  barsBox.addEventListener('keydown', (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || !lastArgs) return;
    if (ev.key === 'ArrowDown') select(selected === null ? 0 : selected + 1);
    else if (ev.key === 'ArrowUp') select(selected === null ? 0 : selected - 1);
    else if (ev.key === 'Escape' && (selected !== null || ctx.selection().key)) { select(null); ctx.select(null); }
    else return;
    ev.preventDefault();
  });
  barsBox.addEventListener('blur', (ev) => {
    // leaving the list clears the keyboard's selection (not when the focus goes to a roofline point)
    if (selected !== null && !(ev.relatedTarget && rooflineBox.contains(ev.relatedTarget))) select(null);
  });

  const showTip = (ev, lines) => showTipAt(tip, root, ev, lines, { width: 360 });

  function onChipOf(f) {
    // a value's [op, shape, bytes] read alone (a stack's table stays packed, result-pack.js)
    const val = (id) => tableGet(lastResult, 'lab_values', id);
    const ids = (f.info && f.info.onChip) || [];
    return { ids, bytes: ids.reduce((s, id) => s + ((val(id) && val(id)[2]) || 0), 0), val };
  }

  function crossingText(i) {
    const c = crossings && crossings[i];
    if (!c || !sweep) return null;
    const ax = sweep.axis;
    if (c.never) return `memory-bound at every ${ax} up to ${SWEEP_GRID[SWEEP_GRID.length - 1]}`;
    if (c.always) return `compute-bound at every ${ax} from 1`;
    return `crosses its ridge at ${ax} = ${c.to} (memory-bound at ${ax} = ${c.from})`;
  }

  const kernelName = (i) => (Number.isInteger(i) && i >= 0 && i < facts.n ? `#${i} (${facts.at(i).name})` : `#${i}`);

  // what the tooltip and the details say of kernel f (kernels/describe.js)
  const said = () => ({ onChip: onChipOf, kernelName, crossing: crossingText });
  const kernelLines = (f) => describeLines(f, said());
  function drawDetails(f) {
    clear(details);
    details.append(...describeDetails(f, said()));
  }

  let totalsTable = null;   // kept: a new result updates its cells' text
  function drawTotals(r) {
    const e = r.eager && r.eager.cost, f = r.fused && r.fused.cost;
    if (!e || !f) {
      clear(totals);
      totalsTable = null;
      return;
    }
    const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '–');
    const t = keepTable(totalsTable, ['', 'eager', 'fused', 'eager / fused'], [
      ['kernels', formatCount(e.kernels), formatCount(f.kernels), ratio(e.kernels, f.kernels)],
      ['bytes moved', formatBytes(e.bytes), formatBytes(f.bytes), ratio(e.bytes, f.bytes)],
      ['FLOPs', formatFlops(e.flops), formatFlops(f.flops), ratio(e.flops, f.flops)],
      ['roofline time', formatTime(e.t), formatTime(f.t), ratio(e.t, f.t)],
      ['with launch overhead', formatTime(e.t_total), formatTime(f.t_total), ratio(e.t_total, f.t_total)],
    ], { class: 'totals', 'data-testid': 'kernel-totals' });
    if (t === totalsTable) return;
    clear(totals);
    totals.append(t);
    totalsTable = t;
    // hover: what "roofline time" means (web/glossary.js)
    for (const th of totals.querySelectorAll('tbody th')) explain(th, th.textContent);
  }

  // widths kept by the ResizeObserver below: reading clientWidth in draw() forced a layout of the whole page
  // in the middle of the render (~60 ms after a 256-layer graph was drawn in the same task)
  const widths = new Map();
  const widthOf = (node, fallback) => Math.round(widths.get(node) || fallback);

  const chart = createBarChart(barsBox, {
    tip: (ev, d) => showTip(ev, kernelLines(d)),
    enter: (d) => lastArgs && lastArgs[2] === 'fused' && ctx.highlightKernel(d.i),
    leave: () => hover(null),
    click: (d) => click(d),
  });
  function drawBars(count, dev, set, inst) {
    if (selected !== null) select(null);      // the rows are about to change
    lastArgs = [count, dev, set, inst];
    // (a 256-layer stack has thousands of kernels: a row for each would freeze the page; the totals count all)
    const data = [];
    for (let i = 0; i < Math.min(count, MAX_BAR_ROWS); i++) data.push(facts.at(i));
    chart.draw(data, { all: count, set, inst, withLaunch: cbLaunch.checked, width: widthOf(barsBox, 640) });
    if (lastModel) highlight(ctx.selection(), lastModel);   // the rows hold other kernels' numbers
  }

  function ghostPoints() {
    if (!ghostsAt || !ghostsAt[1]) return null;
    const dev = lastArgs[1];
    return ghostsAt[1].map((k, i) => kernelFacts(k, i, dev, null)).filter((g) => g.ai > 0 && g.perf > 0)
      .map((g) => ({ i: g.i, ai: g.ai, perf: g.perf, bound: g.bound, color: kernelColor(g.i) }));
  }

  let trails = null;
  // the notes under the roofline, kept with it (roofline.js updates its chart in place)
  const roofSkipped = el('p', { class: 'note', hidden: '' });
  const roofOver = el('p', { class: 'note', hidden: '' });
  function drawRoof() {
    if (!lastArgs) return;
    const [count, dev, set, inst] = lastArgs;
    if (!count) {
      clear(rooflineBox);
      roof = null;
      return;
    }
    // one point per place and name (kernels/facts.js, found by the analysis worker): the layers of a stack are
    // alike (thousands of circles froze the page)
    const places = facts.places;
    const skipped = facts.n - places.reduce((a, q) => a + q[1], 0);
    let pts = places.map(([i, n]) => ({ ...facts.at(i), n }));
    const over = pts.length > MAX_POINTS ? pts.length - MAX_POINTS : 0;
    pts = pts.slice(0, MAX_POINTS).map((p) => ({ ...p, short: p.n > 1 ? `${p.short} ×${p.n}` : p.short, color: set === 'fused' ? p.color : '#9ca3af' }));
    roof = drawRoofline(rooflineBox, pts, dev, {
      width: widthOf(rooflineBox, 520), inst, trails, ghosts: ghostPoints(),
      onHover: (p, ev) => hover(p && facts.at(p.i), ev),
      onClick: (p) => click(facts.at(p.i)),
    });
    if (roofSkipped.parentNode !== rooflineBox) rooflineBox.append(roofSkipped, roofOver);
    roof.select(selected);
    setFlag(roofSkipped, 'hidden', !skipped);
    if (skipped) setText(roofSkipped, `${skipped} kernel${skipped === 1 ? '' : 's'} with no FLOPs or no bytes (e.g. kv_write) not plotted.`);
    setFlag(roofOver, 'hidden', !over);
    if (over) setText(roofOver, `The first ${MAX_POINTS} places drawn (${over} more).`);
    if (lastModel) highlight(ctx.selection(), lastModel);   // the points hold other kernels' numbers
  }

  // ---- the sweep: T (prefill) or S (decode) moved on a copy of this layer, analysed shape-only by the core
  function resetSweep(r, set) {
    if (sweep) sweep.cancel();
    sweep = null;
    crossings = null;
    ghostsAt = null;
    trails = null;
    const one = r.config && r.config.layers === 1 && set === 'fused' && r.fused && r.fused.kernels && r.fused.kernels.length;
    const lab = ctx.lab && ctx.lab();
    const can = one && lab && typeof lab.runCase === 'function';
    // a stack: the layers are alike, and the sweep re-analyses one (say so rather than hide the control)
    const stack = set === 'fused' && r.config && r.config.layers > 1;
    setFlag(sweepBox, 'hidden', !can && !stack);
    setFlag(sweepRange, 'hidden', !can);
    if (!can) {
      setText(sweepSaid, stack ? `The sweep of ${r.config.mode === 'prefill' ? 'T' : 'S'} works on one layer (set layers to 1): the ${r.config.layers} layers are alike.` : '');
      return;
    }
    const state = ctx.getState();
    sweep = createSweep(lab, r, state && state.pipeline);
    setText(sweepAxis, sweep.axis);
    const cur = sweep.axis === 'S' ? r.config.S : r.config.T;
    let j = SWEEP_GRID.findIndex((v) => v >= cur);
    if (j < 0) j = SWEEP_GRID.length - 1;
    if (sweepRange.value !== String(j)) sweepRange.value = String(j);
    setAttr(sweepRange, 'aria-label', `sweep ${sweep.axis}: where each kernel sits at another ${sweep.axis === 'S' ? 'cache length S' : 'sequence length T'}`);
    setText(sweepSaid, `${sweep.axis} = ${cur} (now); move to see the kernels at another ${sweep.axis}`);
  }
  let sweepToken = 0;
  async function onSweep() {
    if (!sweep) return;
    const s = sweep;
    const token = ++sweepToken;
    const v = SWEEP_GRID[Number(sweepRange.value)];
    const ks = await s.at(v);
    if (s !== sweep || token !== sweepToken) return;
    ghostsAt = [v, ks];
    if (!crossings) startCrossings(s);
    drawRoof();
    sweepSaid.textContent = sweepText(v, ks);
  }
  function sweepText(v, ks) {
    if (!ks) return `${sweep.axis} = ${v}: not analysable (the core refused it, or it fuses differently)`;
    const dev = lastArgs[1];
    const n = ks.filter((k, i) => kernelFacts(k, i, dev, null).bound === 'compute').length;
    let s = `${sweep.axis} = ${v}: ${n} of ${ks.length} kernels compute-bound (hollow points)`;
    if (crossings) {
      const xs = crossings.filter((c) => c.to).map((c) => c.to);
      s += xs.length ? `; the first crosses its ridge at ${sweep.axis} = ${Math.min(...xs)}, the last at ${Math.max(...xs)}` : '; none crosses its ridge';
      const never = crossings.filter((c) => c.never).length;
      if (never) s += `, ${never} never do`;
    } else s += '; finding the crossings…';
    return s;
  }
  async function startCrossings(s) {
    crossings = [];
    const out = await s.crossings();
    if (s !== sweep || !out) return;
    crossings = out;
    // trails: each kernel's place at every T of the grid
    const dev = lastArgs[1];
    trails = Array.from({ length: facts.n }, (x, i) => facts.at(i)).map((f) => {
      const tr = [];
      for (const v of SWEEP_GRID) {
        const ks = s.cached(v);
        if (!ks || !ks[f.i]) continue;
        const g = kernelFacts(ks[f.i], f.i, dev, null);
        if (g.ai > 0 && g.perf > 0) tr.push({ ai: g.ai, perf: g.perf });
      }
      tr.color = f.color;
      return tr;
    });
    drawRoof();
    if (ghostsAt) sweepSaid.textContent = sweepText(ghostsAt[0], ghostsAt[1]);
    if (selected !== null) drawDetails(facts.at(selected));
  }
  sweepRange.addEventListener('input', () => onSweep());

  // ---- redraw at the new width (the charts are drawn in CSS pixels, so text sizes are what they say)
  let drawnWidth = 0;
  if (typeof ResizeObserver === 'function') {
    let raf = null;
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) widths.set(e.target, e.target.clientWidth);   // laid out just now: no forced layout
      const w = widths.get(root) || 0;
      if (!lastArgs || Math.abs(w - drawnWidth) < 24 || raf !== null) return;
      // a task of its own, not this frame's: the memory panel redraws at the new width too, and one frame
      // holding both charts and the page's relayout was a long task on big stacks
      raf = setTimeout(() => {
        raf = null;
        drawnWidth = widths.get(root) || 0;
        drawBars(...lastArgs);
        drawRoof();
      }, 0);
    });
    for (const n of [root, barsBox, rooflineBox]) ro.observe(n);
  }

  let drawnFor = null;   // [result, kset, inst] last drawn: stepping passes or playing does not redraw this panel
  let lastResult = null;
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
    const newResult = !drawnFor || drawnFor[0] !== r || drawnFor[1] !== state.kset;
    drawnFor = [r, state.kset, state.inst];
    lastResult = r;
    drawTotals(r);
    const dev = r.device || {};
    const set = state.kset;
    const holder = set === 'eager' ? r.eager : r.fused;
    const n = tableLength(holder, 'kernels');
    const cost = set === 'eager' ? r.eager && r.eager.cost : r.fused && r.fused.cost;
    if (cost) {
      const launchT = cost.kernels * dev.launch;
      setText(launchNote, `${set}: ${formatCount(cost.kernels)} launches × ${formatTime(dev.launch)} = ${formatTime(launchT)} of fixed overhead vs ${formatTime(cost.t)} of roofline time` +
        (launchT > cost.t ? ' — launch-bound: fewer kernels matter more than faster ones.' : '.'));
    }
    // each kernel's facts when first read, from its row alone (result-pack.js: the table stays packed)
    const memo = new Map();
    const at = (i) => {
      if (!(Number.isInteger(i) && i >= 0 && i < n)) return undefined;
      let f = memo.get(i);
      if (!f) memo.set(i, (f = kernelFacts(tableRow(holder, 'kernels', i), i, dev, set === 'fused' ? tableRow(r, 'lab_kernels', i) : undefined)));
      return f;
    };
    const places = (r.lab_places && r.lab_places[set]) || [];   // the core's (lab_facts.c)
    facts = { n, at, places };
    if (newResult) resetSweep(r, set);
    drawnWidth = widths.get(root) || 0;
    drawBars(n, dev, set, state.inst);
    drawRoof();
    setText(note, set === 'eager'
      ? 'Eager: decompose(trace) with one kernel per op — every intermediate goes through memory.'
      : `Fused: the last stage's graph partitioned into ${n} kernels (epilogues into matmuls, row-wise reductions into their producers). Click a bar or a point for what a kernel keeps on chip.`);
  }

  return { draw, highlight };
}
