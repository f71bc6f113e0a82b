// views/dynamic.js — dynamic shapes and graph breaks, side by side.
//  - branch({frontend}): a data-dependent `if` traced by four front ends — error (jax.jit refuses),
//    specialize (torch.jit.trace bakes one path in), guard (records a check), lazy (graph break:
//    LazyRunner runs graph, Python, graph). Each column shows the graph(s) that front end traced, drawn small,
//    and its guards in words ("(x·2).sum() > 0 was True at trace time"), not as node numbers.
//  - dynamic({strategy, from, steps}): a growing sequence length served by specialize (one compile per
//    length), bucket (pad to buckets, mask the padding) or symbolic ("S" stays a symbol).
// Numbers go through the lab's one formatter (format.js); long lists end with "… N more".
// A build without these methods says so instead of failing.

import { el, clear, table } from '../dom.js';
import { d3, dagre } from '../lib.js';
import { formatCount, formatFlops, formatNumber } from '../format.js';
import { explain } from '../glossary.js';
import { moreList, expr, guardInWords, nodesInWords, stepParts } from './dynamic-words.js';
import { t } from '../i18n/i18n.js';
import { createWords, pieces } from '../i18n/words.js';

const FRONTENDS = ['error', 'specialize', 'guard', 'lazy'];
const STRATEGIES = ['specialize', 'bucket', 'symbolic'];
const SVG_NS = 'http://www.w3.org/2000/svg';

export function isUnavailable(err) {
  if (!err) return false;
  const m = String(err.message || err).toLowerCase();
  return m.includes('unknown method') || m.includes('not available') || m.includes('not a function');
}

function fmt(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? formatCount(v) : formatNumber(v);   // the lab's one formatter
  return String(v);
}

const yesNo = (v) => (v === true ? t('dynamic.yes') : v === false ? t('dynamic.no') : '');
// the core's own words (an error, its step log): English, as it said them
const untranslated = (node) => {
  node.setAttribute('translate', 'no');
  return node;
};
const coreText = (s) => untranslated(el('span', { class: 'dyn-words' }, s));
const list = (a) => (Array.isArray(a) ? `[${moreList(a.map((v) => (typeof v === 'number' ? fmt(v) : JSON.stringify(v))), 8)}]` : '');

// ---------------------------------------------------------------- a traced graph, drawn small
const MINI_FS = 12;                    // px: chart text stays readable from the back row

/** A small SVG of one traced graph (dagre, top to bottom); the guard's node and the outputs outlined. */
export function miniGraph(g, { guardNodes = [], caption = '' } = {}) {
  const nodes = Array.isArray(g && g.nodes) ? g.nodes : [];
  const fig = el('figure', { class: 'dyn-mini', 'data-testid': 'dyn-mini' });
  const dg = new dagre.graphlib.Graph();
  dg.setGraph({ rankdir: 'TB', nodesep: 8, ranksep: 14, marginx: 4, marginy: 4 });
  dg.setDefaultEdgeLabel(() => ({}));
  const label = (n) => (n[1] === 'const' ? (typeof (n[3] || {}).value === 'number' ? formatNumber(n[3].value) : 'const') : n[1] === 'input' ? n[5] || 'x' : n[1]);
  for (const n of nodes) dg.setNode(String(n[0]), { width: Math.max(26, label(n).length * MINI_FS * 0.62 + 10), height: MINI_FS + 8, n });
  for (const n of nodes) for (const i of n[2] || []) if (dg.hasNode(String(i))) dg.setEdge(String(i), String(n[0]));
  dagre.layout(dg);
  const W = Math.ceil(dg.graph().width || 40), H = Math.ceil(dg.graph().height || 20);
  const outs = new Set(g.outputs || []);
  // (its labels are ops and names: translate="no")
  const svg = d3.select(document.createElementNS(SVG_NS, 'svg')).attr('class', 'dyn-mini-svg').attr('translate', 'no').attr('viewBox', `0 0 ${W} ${H}`)
    .attr('width', W).attr('height', H).attr('role', 'img')
    .attr('aria-label', caption ? t('dynamic.mini.aria.caption', { n: nodes.length, caption }) : t('dynamic.mini.aria', { n: nodes.length }));
  for (const e of dg.edges()) {
    const pts = dg.edge(e).points || [];
    svg.append('path').attr('class', 'dyn-mini-edge').attr('d', d3.line().x((p) => p.x).y((p) => p.y)(pts));
  }
  for (const id of dg.nodes()) {
    const v = dg.node(id);
    const n = v.n;
    const cls = ['dyn-mini-node', `op-${n[1]}`, guardNodes.includes(n[0]) ? 'guard' : '', outs.has(n[0]) ? 'out' : ''].filter(Boolean).join(' ');
    const gg = svg.append('g').attr('class', cls).attr('transform', `translate(${v.x - v.width / 2},${v.y - v.height / 2})`);
    gg.append('rect').attr('width', v.width).attr('height', v.height).attr('rx', 3);
    gg.append('text').attr('x', v.width / 2).attr('y', v.height / 2).attr('dy', '0.35em').attr('text-anchor', 'middle').style('font-size', null).text(label(n));
    gg.append('title').text(`%${n[0]} ${n[1]}${guardNodes.includes(n[0]) ? t('dynamic.mini.guarded') : ''}${outs.has(n[0]) ? t('dynamic.mini.output') : ''}: ${expr(nodes, n[0])}`);
  }
  fig.append(svg.node());
  if (caption) fig.append(el('figcaption', {}, caption));
  return fig;
}

/** The graphs a front end traced, drawn small (at most `max`, then "… N more"). */
function tracedGraphs(a, max = 2) {
  const gl = Array.isArray(a.graph_list) ? a.graph_list : [];
  const box = el('div', { class: 'dyn-minis' });
  if (!gl.length) {
    box.append(el('span', { class: 'note' }, t(a.error ? 'dynamic.none.failed' : 'dynamic.none')));
    return box;
  }
  const pieces = {};
  gl.slice(0, max).forEach((g) => {
    pieces[g.call] = (pieces[g.call] || 0) + 1;
    const part = a.lazy ? t('dynamic.piece', { n: pieces[g.call] }) : '';
    const guards = (g.guards || []).map((x) => x.node);
    box.append(miniGraph(g, { guardNodes: guards, caption: t('dynamic.call', { call: g.call, part, ops: formatCount(g.ops) }) }));
  });
  if (gl.length > max) box.append(el('span', { class: 'note' }, t('dynamic.more', { n: gl.length - max })));
  return box;
}

// ---------------------------------------------------------------- the tables
/** A sentence of the core's step log as nodes in the page's words (stepParts, dynamic-words.js). */
function stepInWords(text) {
  const p = stepParts(text);
  if (!p) return coreText(text);
  const vars = { ...p.vars, guards: t('dynamic.step.noguards') };
  const nodes = {};
  if (p.mode !== null) nodes.mode = el('code', {}, p.mode);
  if (p.guards !== null) nodes.guards = el('code', {}, p.guards);   // a Python expression ("bool(…) == True and …")
  return el('span', {}, ...pieces(p.key, vars, nodes));
}

function wordsList(lines, max = 4) {
  const box = el('div', { class: 'dyn-lines dyn-words' });
  for (const l of lines.slice(0, max)) box.append(el('div', {}, l));
  if (lines.length > max) box.append(el('div', { class: 'note' }, t('dynamic.more', { n: lines.length - max })));
  return box;
}

function branchRows(answers) {
  // any trace of the program numbers its nodes the same way up to the branch: the error front end's message
  // names a node of a graph it never finished, so it is read from another front end's trace
  const anyNodes = answers.map((a) => a.ok && a.value.graph_list && a.value.graph_list[0] && a.value.graph_list[0].nodes).find(Boolean) || null;
  const guardsOf = (a) => {
    const gl = a.graph_list || [];
    const lines = [];
    gl.forEach((g, gi) => (g.guards || []).forEach((x) => lines.push(t('dynamic.graph.n', { n: gi + 1, guard: guardInWords(x, g.nodes) }))));
    if (!lines.length && Array.isArray(a.guards)) for (const x of a.guards) lines.push(guardInWords(x, anyNodes));
    return lines.length ? wordsList(lines) : t('dynamic.none');
  };
  // [the row's message key, its cells]
  return [
    ['dynamic.row.traced', (a) => tracedGraphs(a)],
    ['dynamic.row.graphs', (a) => fmt(a.graphs)],
    ['dynamic.row.guards', guardsOf],
    ['dynamic.row.error', (a) => (a.error === null || a.error === undefined ? '—' : coreText(nodesInWords(a.error, anyNodes)))],
    ['dynamic.row.out1', (a) => list(a.outputs && a.outputs.first)],
    ['dynamic.row.out2', (a) => list(a.outputs && a.outputs.second)],
    ['dynamic.row.expected2', (a) => list(a.outputs && a.outputs.expected_second)],
    ['dynamic.row.correct2', (a) => yesNo(a.correct_on_second_input)],
    ['dynamic.row.breaks', (a) => (a.lazy ? t('dynamic.breaks', { n: fmt(Math.max(0, (a.lazy.graphs || []).length - 1)), ops: list(a.lazy.graphs), imports: fmt(a.lazy.imports) }) : '—')],
    // the core's step log, said in the page's words (its code as code; a sentence the lab does not know as the core said it)
    ['dynamic.row.steps', (a) => (Array.isArray(a.steps) ? wordsList(a.steps.map((s) => stepInWords(nodesInWords(s, anyNodes)))) : '')],
  ];
}

const pct = (part, whole) => (whole ? ` (${formatNumber((100 * part) / whole)}%)` : '');
const DYN_ROWS = [
  ['dynamic.row.compiles', (a) => fmt(a.compiles)],
  ['dynamic.row.hits', (a) => fmt(a.cache_hits)],
  ['dynamic.row.failures', (a) => fmt(a.guard_failures)],
  ['dynamic.row.cache', (a) => (Array.isArray(a.graphs) ? t('dynamic.lengths', { n: fmt(a.graphs.length), list: moreList(a.graphs.map((g) => fmt(g.length)), 6) }) : '')],
  ['dynamic.row.padded', (a) => fmt(a.padded_slots)],
  ['dynamic.row.flops', (a) => (typeof a.attention_flops === 'number' ? formatFlops(a.attention_flops) : '')],
  ['dynamic.row.wasted', (a) => (typeof a.wasted_attention_flops === 'number' ? `${formatFlops(a.wasted_attention_flops)}${pct(a.wasted_attention_flops, a.attention_flops)}` : '')],
  ['dynamic.row.diff', (a) => (a.max_abs_diff === null ? t('dynamic.shapeonly') : typeof a.max_abs_diff === 'number' ? formatNumber(a.max_abs_diff) : '')],
];
// the glossary's (English) term of a row, by its message key
const ROW_TERMS = { 'dynamic.row.hits': 'cache hit', 'dynamic.row.failures': 'guard failure', 'dynamic.row.compiles': 'compile', 'dynamic.row.padded': 'padded slots', 'dynamic.row.breaks': 'graph break' };
const KNOWN = new Set(['graphs', 'guards', 'error', 'outputs', 'correct_on_second_input', 'lazy', 'compiles', 'cache_hits', 'guard_failures',
  'padded_slots', 'attention_flops', 'wasted_attention_flops', 'max_abs_diff', 'frontend', 'strategy', 'program', 'first', 'second', 'steps',
  'per_step', 'graph_list', 'flops_formula', 'config', 'from', 'seed', 'numeric']);

function curated(names, answers, rowsSpec) {
  const rows = rowsSpec.map(([key, f]) => [key, ...answers.map((a) => (a.ok ? f(a.value) || '' : ''))]);
  const extra = new Set();
  for (const a of answers) if (a.ok && a.value && typeof a.value === 'object') for (const k of Object.keys(a.value)) if (!KNOWN.has(k)) extra.add(k);
  for (const k of extra) {
    rows.push([k, ...answers.map((a) => (a.ok && a.value[k] !== undefined ? (typeof a.value[k] === 'object' ? JSON.stringify(a.value[k]).slice(0, 80) : fmt(a.value[k])) : ''))]);
  }
  rows.push(['dynamic.row.failed', ...answers.map((a) => (a.ok ? '' : a.unavailable ? t('dynamic.unavailable') : coreText(a.error)))]);
  const shown = rows.filter((r) => r.slice(1).some((c) => c !== ''));
  // the front ends' and strategies' names are the demo's arguments (code): as they are
  const tb = table(['', ...names.map((n) => el('code', { class: 'dyn-name' }, n))], shown.map(([key, ...cells]) => [key.startsWith('dynamic.') ? t(key) : el('code', {}, key), ...cells]),
    { class: 'totals dyn-table' });
  const corner = tb.querySelector('thead .sr-only');   // (dom.js names the empty corner for screen readers)
  if (corner) corner.textContent = t('dynamic.corner');
  // hover: what each front end / strategy is, and the jargon of the rows (web/glossary.js)
  tb.querySelectorAll('thead th').forEach((th) => explain(th, th.textContent));
  tb.querySelectorAll('tbody th').forEach((th, i) => { if (ROW_TERMS[shown[i][0]]) explain(th, ROW_TERMS[shown[i][0]]); });
  return tb;
}

const MAX_CELLS = 512;
/** One row of squares per strategy: a compile (new graph) or a cache hit, per decode step. */
function timeline(names, answers) {
  const box = el('div', { class: 'dyn-timeline' });
  answers.forEach((a, i) => {
    if (!a.ok || !Array.isArray(a.value.per_step)) return;
    const row = el('div', { class: 'tl-row' }, el('span', { class: 'tl-name', translate: 'no' }, names[i]));
    const cells = el('span', { class: 'tl-cells' });
    for (const st of a.value.per_step.slice(0, MAX_CELLS)) {
      cells.append(el('span', { class: `tl-cell ${st.compiled ? 'compiled' : 'hit'}`, title: t('dynamic.tl.cell', { S: fmt(st.S),
        bucket: st.bucket !== undefined ? t('dynamic.tl.bucket', { b: fmt(st.bucket) }) : '', what: t(st.compiled ? 'dynamic.tl.compiled' : 'dynamic.tl.hit'), g: fmt(st.graph) }) }));
    }
    if (a.value.per_step.length > MAX_CELLS) cells.append(el('span', { class: 'note' }, ` ${t('dynamic.more', { n: fmt(a.value.per_step.length - MAX_CELLS) })}`));
    row.append(cells);
    box.append(row);
  });
  if (box.childNodes.length) box.append(el('p', { class: 'note' }, el('span', { class: 'tl-cell compiled' }), t('dynamic.tl.new'), el('span', { class: 'tl-cell hit' }), t('dynamic.tl.reused')));
  return box;
}

export function createDynamicView(root, ctx) {
  clear(root);
  const W = createWords();
  const intro = el('p', { class: 'note' }, W.text('dynamic.intro'));
  const branchBox = el('div', { class: 'dyn-branch', 'data-testid': 'dyn-branch' });
  const dynCtl = el('div', { class: 'dyn-ctl' });
  const inFrom = el('input', { type: 'number', min: 1, max: 1000000, step: 1, value: 100, id: 'dyn-from' });
  const inSteps = el('input', { type: 'number', min: 1, max: 1024, step: 1, value: 40, id: 'dyn-steps' });
  const btn = el('button', { type: 'button' }, W.text('dynamic.run'));
  const selCfg = W.attr(el('select', { id: 'dyn-config' },
    el('option', { value: 'small' }, W.text('dynamic.cfg.small')), el('option', { value: 'llama8b' }, W.text('dynamic.cfg.llama8b'))), 'aria-label', 'dynamic.cfg');
  selCfg.addEventListener('change', () => runDynamic());
  const msg = el('span', { class: 'field-msg' });
  dynCtl.append(el('label', { for: 'dyn-from' }, W.text('dynamic.from')), inFrom, el('label', { for: 'dyn-steps' }, W.text('dynamic.steps')), inSteps, selCfg, btn, msg);
  const dynBox = el('div', { class: 'dyn-dynamic', 'data-testid': 'dyn-dynamic' });
  root.append(intro, el('h3', {}, W.text('dynamic.h.branch')), branchBox, el('h3', {}, W.text('dynamic.h.dynamic')), dynCtl, dynBox);

  let ranFor = null;
  let branchAnswers = null;   // the last answers, drawn again in the page's language when it changes
  let dynAnswers = null;

  function call(method, arg) {
    const lab = ctx.lab();
    if (!lab || typeof lab[method] !== 'function') return { ok: false, unavailable: true };
    try {
      return { ok: true, value: lab[method](arg) };
    } catch (err) {
      if (isUnavailable(err)) return { ok: false, unavailable: true };
      return { ok: false, error: String(err && err.message ? err.message : err) };
    }
  }

  function runBranch() {
    branchAnswers = FRONTENDS.map((frontend) => call('branch', { frontend }));
    drawBranch();
  }
  function drawBranch() {
    clear(branchBox);
    const answers = branchAnswers;
    if (answers.every((a) => a.unavailable)) {
      branchBox.append(el('p', { class: 'unavailable' }, t('dynamic.branch.unavailable')));
      return;
    }
    const prog = answers.find((a) => a.ok && a.value && a.value.program);
    if (prog) branchBox.append(el('p', { class: 'program' }, el('code', {}, String(prog.value.program))));
    const first = answers.find((a) => a.ok && a.value && a.value.first);
    if (first) branchBox.append(el('p', { class: 'note' }, t('dynamic.called', { a: list(first.value.first), b: list(first.value.second) })));
    branchBox.append(curated(FRONTENDS, answers, branchRows(answers)));
  }

  function runDynamic() {
    clear(dynBox);
    msg.textContent = '';
    dynAnswers = null;
    const from = Number(inFrom.value), steps = Number(inSteps.value);
    if (!Number.isInteger(from) || from < 1 || from > 1000000 || !Number.isInteger(steps) || steps < 1 || steps > 1024) {
      msg.textContent = t('dynamic.bad');
      return;
    }
    dynAnswers = STRATEGIES.map((strategy) => call('dynamic', { strategy, from, steps, config: selCfg.value }));
    drawDynamic();
  }
  function drawDynamic() {
    clear(dynBox);
    const answers = dynAnswers;
    if (answers.every((a) => a.unavailable)) {
      dynBox.append(el('p', { class: 'unavailable' }, t('dynamic.dynamic.unavailable')));
      return;
    }
    dynBox.append(curated(STRATEGIES, answers, DYN_ROWS), timeline(STRATEGIES, answers));
  }

  btn.addEventListener('click', runDynamic);

  function draw() {
    // the language changed: the same answers, in its words
    if (W.sync()) {
      if (branchAnswers) drawBranch();
      if (dynAnswers) drawDynamic();
      else if (msg.textContent) msg.textContent = t('dynamic.bad');
    }
    // these do not depend on the layer config; run once when the panel is first shown
    if (ranFor === null) {
      ranFor = 1;
      runBranch();
      runDynamic();
    }
  }

  return { draw };
}
