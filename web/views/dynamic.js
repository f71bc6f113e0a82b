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
import { moreList, expr, guardInWords, nodesInWords } from './dynamic-words.js';

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

const yesNo = (v) => (v === true ? 'yes' : v === false ? 'no' : '');
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
  const svg = d3.select(document.createElementNS(SVG_NS, 'svg')).attr('class', 'dyn-mini-svg').attr('viewBox', `0 0 ${W} ${H}`)
    .attr('width', W).attr('height', H).attr('role', 'img')
    .attr('aria-label', `traced graph: ${nodes.length} nodes${caption ? `, ${caption}` : ''}`);
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
    gg.append('title').text(`%${n[0]} ${n[1]}${guardNodes.includes(n[0]) ? ' — guarded' : ''}${outs.has(n[0]) ? ' — output' : ''}: ${expr(nodes, n[0])}`);
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
    box.append(el('span', { class: 'note' }, a.error ? 'none: tracing failed' : 'none'));
    return box;
  }
  const pieces = {};
  gl.slice(0, max).forEach((g) => {
    pieces[g.call] = (pieces[g.call] || 0) + 1;
    const part = a.lazy ? `, piece ${pieces[g.call]}` : '';
    const guards = (g.guards || []).map((x) => x.node);
    box.append(miniGraph(g, { guardNodes: guards, caption: `call ${g.call}${part}: ${formatCount(g.ops)} ops` }));
  });
  if (gl.length > max) box.append(el('span', { class: 'note' }, `… ${gl.length - max} more`));
  return box;
}

// ---------------------------------------------------------------- the tables
function wordsList(lines, max = 4) {
  const box = el('div', { class: 'dyn-lines dyn-words' });
  for (const l of lines.slice(0, max)) box.append(el('div', {}, l));
  if (lines.length > max) box.append(el('div', { class: 'note' }, `… ${lines.length - max} more`));
  return box;
}

function branchRows(answers) {
  // any trace of the program numbers its nodes the same way up to the branch: the error front end's message
  // names a node of a graph it never finished, so it is read from another front end's trace
  const anyNodes = answers.map((a) => a.ok && a.value.graph_list && a.value.graph_list[0] && a.value.graph_list[0].nodes).find(Boolean) || null;
  const guardsOf = (a) => {
    const gl = a.graph_list || [];
    const lines = [];
    gl.forEach((g, gi) => (g.guards || []).forEach((x) => lines.push(`graph ${gi + 1}: ${guardInWords(x, g.nodes)}`)));
    if (!lines.length && Array.isArray(a.guards)) for (const x of a.guards) lines.push(guardInWords(x, anyNodes));
    return lines.length ? wordsList(lines) : 'none';
  };
  return [
    ['traced graphs', (a) => tracedGraphs(a)],
    ['graphs traced', (a) => fmt(a.graphs)],
    ['guards recorded', guardsOf],
    ['trace error', (a) => (a.error === null || a.error === undefined ? '—' : el('span', { class: 'dyn-words' }, nodesInWords(a.error, anyNodes)))],
    ['output, 1st input', (a) => list(a.outputs && a.outputs.first)],
    ['output, 2nd input', (a) => list(a.outputs && a.outputs.second)],
    ['expected, 2nd input', (a) => list(a.outputs && a.outputs.expected_second)],
    ['correct on 2nd input', (a) => yesNo(a.correct_on_second_input)],
    ['graph breaks (lazy)', (a) => (a.lazy ? `${fmt(Math.max(0, (a.lazy.graphs || []).length - 1))} (ops per graph ${list(a.lazy.graphs)}, ${fmt(a.lazy.imports)} imports)` : '—')],
    ['what happened', (a) => (Array.isArray(a.steps) ? wordsList(a.steps.map((s) => nodesInWords(s, anyNodes))) : '')],
  ];
}

const pct = (part, whole) => (whole ? ` (${formatNumber((100 * part) / whole)}%)` : '');
const DYN_ROWS = [
  ['compiles', (a) => fmt(a.compiles)],
  ['cache hits', (a) => fmt(a.cache_hits)],
  ['guard failures', (a) => fmt(a.guard_failures)],
  ['graphs in the cache', (a) => (Array.isArray(a.graphs) ? `${fmt(a.graphs.length)}: lengths ${moreList(a.graphs.map((g) => fmt(g.length)), 6)}` : '')],
  ['padded slots', (a) => fmt(a.padded_slots)],
  ['attention FLOPs', (a) => (typeof a.attention_flops === 'number' ? formatFlops(a.attention_flops) : '')],
  ['wasted on padding', (a) => (typeof a.wasted_attention_flops === 'number' ? `${formatFlops(a.wasted_attention_flops)}${pct(a.wasted_attention_flops, a.attention_flops)}` : '')],
  ['max |Δ| vs specialize', (a) => (a.max_abs_diff === null ? 'shape-only' : typeof a.max_abs_diff === 'number' ? formatNumber(a.max_abs_diff) : '')],
];
const ROW_TERMS = { 'cache hits': 'cache hit', 'guard failures': 'guard failure', compiles: 'compile', 'padded slots': 'padded slots', 'graph breaks (lazy)': 'graph break' };
const KNOWN = new Set(['graphs', 'guards', 'error', 'outputs', 'correct_on_second_input', 'lazy', 'compiles', 'cache_hits', 'guard_failures',
  'padded_slots', 'attention_flops', 'wasted_attention_flops', 'max_abs_diff', 'frontend', 'strategy', 'program', 'first', 'second', 'steps',
  'per_step', 'graph_list', 'flops_formula', 'config', 'from', 'seed', 'numeric']);

function curated(names, answers, rowsSpec) {
  const rows = rowsSpec.map(([label, f]) => [label, ...answers.map((a) => (a.ok ? f(a.value) || '' : ''))]);
  const extra = new Set();
  for (const a of answers) if (a.ok && a.value && typeof a.value === 'object') for (const k of Object.keys(a.value)) if (!KNOWN.has(k)) extra.add(k);
  for (const k of extra) {
    rows.push([k, ...answers.map((a) => (a.ok && a.value[k] !== undefined ? (typeof a.value[k] === 'object' ? JSON.stringify(a.value[k]).slice(0, 80) : fmt(a.value[k])) : ''))]);
  }
  rows.push(['call failed', ...answers.map((a) => (a.ok ? '' : a.error))]);
  const t = table(['', ...names], rows.filter((r) => r.slice(1).some((c) => c !== '')), { class: 'totals dyn-table' });
  // hover: what each front end / strategy is, and the jargon of the rows (web/glossary.js)
  t.querySelectorAll('thead th').forEach((th) => explain(th, th.textContent));
  t.querySelectorAll('tbody th').forEach((th) => { if (ROW_TERMS[th.textContent]) explain(th, ROW_TERMS[th.textContent]); });
  return t;
}

const MAX_CELLS = 512;
/** One row of squares per strategy: a compile (new graph) or a cache hit, per decode step. */
function timeline(names, answers) {
  const box = el('div', { class: 'dyn-timeline' });
  answers.forEach((a, i) => {
    if (!a.ok || !Array.isArray(a.value.per_step)) return;
    const row = el('div', { class: 'tl-row' }, el('span', { class: 'tl-name' }, names[i]));
    const cells = el('span', { class: 'tl-cells' });
    for (const st of a.value.per_step.slice(0, MAX_CELLS)) {
      cells.append(el('span', { class: `tl-cell ${st.compiled ? 'compiled' : 'hit'}`, title: `S=${fmt(st.S)}${st.bucket !== undefined ? ` bucket ${fmt(st.bucket)}` : ''}: ${st.compiled ? 'compiled' : 'cache hit'} (graph ${fmt(st.graph)})` }));
    }
    if (a.value.per_step.length > MAX_CELLS) cells.append(el('span', { class: 'note' }, ` … ${fmt(a.value.per_step.length - MAX_CELLS)} more`));
    row.append(cells);
    box.append(row);
  });
  if (box.childNodes.length) box.append(el('p', { class: 'note' }, el('span', { class: 'tl-cell compiled' }), ' compiled a new graph  ', el('span', { class: 'tl-cell hit' }), ' reused a cached one (one square per decode step)'));
  return box;
}

export function createDynamicView(root, ctx) {
  clear(root);
  const intro = el('p', { class: 'note' }, 'How front ends treat a data-dependent branch, and how a growing sequence length is compiled.');
  const branchBox = el('div', { class: 'dyn-branch', 'data-testid': 'dyn-branch' });
  const dynCtl = el('div', { class: 'dyn-ctl' });
  const inFrom = el('input', { type: 'number', min: 1, max: 1000000, step: 1, value: 100, id: 'dyn-from' });
  const inSteps = el('input', { type: 'number', min: 1, max: 1024, step: 1, value: 40, id: 'dyn-steps' });
  const btn = el('button', { type: 'button' }, 'run');
  const selCfg = el('select', { id: 'dyn-config', 'aria-label': 'layer for the dynamic-shapes demo' },
    el('option', { value: 'small' }, 'small layer (numeric)'), el('option', { value: 'llama8b' }, 'Llama-8B layer (shapes only)'));
  selCfg.addEventListener('change', () => runDynamic());
  const msg = el('span', { class: 'field-msg' });
  dynCtl.append(el('label', { for: 'dyn-from' }, 'from length '), inFrom, el('label', { for: 'dyn-steps' }, ' steps '), inSteps, selCfg, btn, msg);
  const dynBox = el('div', { class: 'dyn-dynamic', 'data-testid': 'dyn-dynamic' });
  root.append(intro, el('h3', {}, 'Data-dependent branch'), branchBox, el('h3', {}, 'Growing sequence length'), dynCtl, dynBox);

  let ranFor = null;

  function call(method, arg) {
    const lab = ctx.lab();
    if (!lab || typeof lab[method] !== 'function') return { ok: false, unavailable: true, error: 'not available in this build' };
    try {
      return { ok: true, value: lab[method](arg) };
    } catch (err) {
      if (isUnavailable(err)) return { ok: false, unavailable: true, error: 'not available in this build' };
      return { ok: false, error: String(err && err.message ? err.message : err) };
    }
  }

  function runBranch() {
    clear(branchBox);
    const answers = FRONTENDS.map((frontend) => call('branch', { frontend }));
    if (answers.every((a) => a.unavailable)) {
      branchBox.append(el('p', { class: 'unavailable' }, 'Graph breaks: not available in this build.'));
      return;
    }
    const prog = answers.find((a) => a.ok && a.value && a.value.program);
    if (prog) branchBox.append(el('p', { class: 'program' }, el('code', {}, String(prog.value.program))));
    const first = answers.find((a) => a.ok && a.value && a.value.first);
    if (first) branchBox.append(el('p', { class: 'note' }, `called on ${list(first.value.first)}, then on ${list(first.value.second)}`));
    branchBox.append(curated(FRONTENDS, answers, branchRows(answers)));
  }

  function runDynamic() {
    clear(dynBox);
    msg.textContent = '';
    const from = Number(inFrom.value), steps = Number(inSteps.value);
    if (!Number.isInteger(from) || from < 1 || from > 1000000 || !Number.isInteger(steps) || steps < 1 || steps > 1024) {
      msg.textContent = 'from: 1…1000000, steps: 1…1024 (whole numbers)';
      return;
    }
    const answers = STRATEGIES.map((strategy) => call('dynamic', { strategy, from, steps, config: selCfg.value }));
    if (answers.every((a) => a.unavailable)) {
      dynBox.append(el('p', { class: 'unavailable' }, 'Dynamic shapes: not available in this build.'));
      return;
    }
    dynBox.append(curated(STRATEGIES, answers, DYN_ROWS), timeline(STRATEGIES, answers));
  }

  btn.addEventListener('click', runDynamic);

  function draw() {
    // these do not depend on the layer config; run once when the panel is first shown
    if (ranFor === null) {
      ranFor = 1;
      runBranch();
      runDynamic();
    }
  }

  return { draw };
}
