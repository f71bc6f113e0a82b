// views/kernels.js — fusion and the roofline (graph_lab.py §10).
//  - eager (one kernel per op, after decompose) vs fused totals: kernels, bytes, FLOPs, time (kernels/totals.js);
//  - one bar per kernel: the core's roofline time (time_s = max(FLOPs/peak, bytes/bandwidth)), coloured by
//    what bounds it, plus the fixed launch overhead; the non-binding term is a thin line inside the bar;
//  - the roofline chart (kernels/roofline-panel.js, drawn by kernels/roofline.js): arithmetic intensity against
//    attained FLOP/s, both ridge points marked, every point labelled (kernels/labels.js), and a sweep of T or S
//    (kernels/sweep-control.js, on kernels/sweep.js).
// Fused kernels are named by what they contain (the core's lab_kernels: c/src/io/lab_facts.c);
// the op label stays as the detail. Hovering a bar or a point highlights the kernel's nodes in the graph (the
// fused kernels are drawn on the last stage); clicking selects it (details below the charts); so does the
// keyboard: with the bar list focused, ↑/↓ step through the kernels (details in the tooltip and an aria-live
// line), Esc or leaving the list clears it (kernels/selection.js). The charts follow the panel's width
// (kernels/widths.js). This factory makes the panel's nodes and wires those modules.

import { el, clear, setText, showTipAt } from '../dom.js';
import { kernelFacts } from './kernels/facts.js';
import { tableLength, tableRow, tableGet } from '../result-pack.js';
import { createBarChart } from './kernels/bars.js';
import { describeLines, describeDetails } from './kernels/describe.js';
import { createSelection } from './kernels/selection.js';
import { createSweepControl } from './kernels/sweep-control.js';
import { createRooflinePanel } from './kernels/roofline-panel.js';
import { createTotals, launchText } from './kernels/totals.js';
import { createWidths } from './kernels/widths.js';
import { createStaleBanner, describeConfig, analysisFreshness } from './stale.js';
import { lang, t } from '../i18n/i18n.js';

const MAX_BAR_ROWS = 128;

export { kernelFacts };

export function createKernelsView(root, ctx) {
  clear(root);
  const bar = el('div', { class: 'kern-bar' });
  const cbLaunch = el('input', { type: 'checkbox', id: 'kern-launch' });
  let lastArgs = null;          // [count, dev, set, inst] of the bars drawn
  cbLaunch.addEventListener('change', () => lastArgs && drawBars(...lastArgs));
  const radios = {};
  // the words made here are written again when the language changes (relabel)
  const words = [];
  const word = (key) => {
    const n = el('span', {}, t(key));
    words.push([n, key]);
    return n;
  };
  for (const v of ['fused', 'eager']) {
    const r = el('input', { type: 'radio', name: 'kset', value: v, id: `kset-${v}` });
    r.addEventListener('change', () => r.checked && ctx.setState({ kset: v }));
    radios[v] = r;
    bar.append(el('label', { for: `kset-${v}` }, r, ' ', word(`kernels.set.${v}`)));
  }
  bar.append(el('label', { for: 'kern-launch', class: 'push' }, cbLaunch, ' ', word('kernels.withlaunch')));
  const totals = el('div', { class: 'kern-totals' });
  const launchNote = el('p', { class: 'note launch-note' });
  const barsBox = el('div', { class: 'kern-bars', tabindex: 0 });
  const kernelSaid = el('p', { class: 'kern-said', 'aria-live': 'polite', 'data-testid': 'kernel-said' });
  const rooflineBox = el('div', { class: 'roofline' });
  const details = el('div', { class: 'kern-details', 'data-testid': 'kernel-details', 'aria-live': 'polite' });
  const note = el('p', { class: 'note' });
  const tip = el('div', { class: 'tooltip', hidden: '' });

  // the set drawn: n kernels, at(i) their kernelFacts (made when first read: a 1024-layer stack has 47,104
  // eager kernels, and the panel reads the first bars, the roofline's places and what is hovered)
  let facts = { n: 0, at: () => undefined, places: [] };
  let lastResult = null;
  const drawn = () => !!lastArgs;
  const fused = () => !!(lastArgs && lastArgs[2] === 'fused');

  // what the tooltip and the details say of kernel f (kernels/describe.js)
  function onChipOf(f) {
    // a value's [op, shape, bytes] read alone (a stack's table stays packed, result-pack.js)
    const val = (id) => tableGet(lastResult, 'lab_values', id);
    const ids = (f.info && f.info.onChip) || [];
    return { ids, bytes: ids.reduce((s, id) => s + ((val(id) && val(id)[2]) || 0), 0), val };
  }
  const kernelName = (i) => (Number.isInteger(i) && i >= 0 && i < facts.n ? `#${i} (${facts.at(i).name})` : `#${i}`);
  const said = () => ({ onChip: onChipOf, kernelName, crossing: (i) => sweep.crossingText(i) });
  const kernelLines = (f) => describeLines(f, said());
  function drawDetails(f) {
    clear(details);
    details.append(...describeDetails(f, said()));
  }
  const showTip = (ev, lines) => showTipAt(tip, root, ev, lines, { width: 360 });

  const selection = createSelection({ ctx, barsBox, rooflineBox, tip, said: kernelSaid, details,
    facts: () => facts, drawn, fused, roofSelect: (i) => roofline.select(i), lines: kernelLines, showTip, drawDetails });
  const sweep = createSweepControl(ctx, { facts: () => facts, dev: () => lastArgs[1], redraw: () => roofline.draw(),
    found: () => { if (selection.selected() !== null) drawDetails(facts.at(selection.selected())); } });
  const widths = createWidths(root, [barsBox, rooflineBox], { drawn, redraw: () => { drawBars(...lastArgs); roofline.draw(); } });
  const roofline = createRooflinePanel(rooflineBox, { facts: () => facts, args: () => lastArgs, widthOf: widths.widthOf,
    sweep, hover: selection.hover, click: selection.click, selected: selection.selected, drawn: selection.rehighlight });
  const totalsTable = createTotals(totals);

  root.append(totals, launchNote, bar,
    el('div', { class: 'kern-grid' },
      el('div', {}, el('h3', {}, word('kernels.h.bars')), barsBox),
      el('div', {}, el('h3', {}, word('kernels.h.roofline')), rooflineBox, sweep.node)),
    details, note);
  root.append(tip, kernelSaid);

  const chart = createBarChart(barsBox, {
    tip: (ev, d) => showTip(ev, kernelLines(d)),
    enter: (d) => lastArgs && lastArgs[2] === 'fused' && ctx.highlightKernel(d.i),
    leave: () => selection.hover(null),
    click: (d) => selection.click(d),
  });
  function drawBars(count, dev, set, inst) {
    if (selection.selected() !== null) selection.select(null);      // the rows are about to change
    lastArgs = [count, dev, set, inst];
    // (a 256-layer stack has thousands of kernels: a row for each would freeze the page; the totals count all)
    const data = [];
    for (let i = 0; i < Math.min(count, MAX_BAR_ROWS); i++) data.push(facts.at(i));
    chart.draw(data, { all: count, set, inst, withLaunch: cbLaunch.checked, width: widths.widthOf(barsBox, 640) });
    selection.rehighlight();   // the rows hold other kernels' numbers
  }

  let drawnFor = null;   // [result, kset, inst] last drawn: stepping passes or playing does not redraw this panel
  const banner = createStaleBanner();
  root.prepend(banner.node);
  let labelled = null;   // the language the factory's words are in
  function relabel() {
    if (labelled === lang()) return;
    labelled = lang();
    for (const [n, key] of words) setText(n, t(key));
    barsBox.setAttribute('aria-label', t('kernels.bars.list'));
    sweep.relabel();
  }
  function draw(state, model) {
    relabel();
    const r = model.result;
    for (const [v, rr] of Object.entries(radios)) rr.checked = state.kset === v;
    // a result for another configuration (the current one cannot be built, or is still being analysed)
    // stays drawn only under the stale banner
    const { fresh, why } = analysisFreshness(ctx, state, model);
    if (r && !fresh) banner.show(describeConfig(r.config), why);
    else banner.hide();
    if (!r) return;
    if (drawnFor && drawnFor[0] === r && drawnFor[1] === state.kset && drawnFor[2] === state.present && drawnFor[3] === lang()) return;
    const newResult = !drawnFor || drawnFor[0] !== r || drawnFor[1] !== state.kset;
    drawnFor = [r, state.kset, state.present, lang()];
    lastResult = r;
    totalsTable.draw(r);
    const dev = r.device || {};
    const set = state.kset;
    const holder = set === 'eager' ? r.eager : r.fused;
    const n = tableLength(holder, 'kernels');
    const cost = set === 'eager' ? r.eager && r.eager.cost : r.fused && r.fused.cost;
    if (cost) setText(launchNote, launchText(set, cost, dev));
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
    if (newResult) sweep.reset(r, set);
    widths.markDrawn();
    drawBars(n, dev, set, state.present);
    roofline.draw();
    setText(note, set === 'eager' ? t('kernels.note.eager') : t('kernels.note.fused', { n }));
  }

  return { draw, highlight: selection.highlight };
}
