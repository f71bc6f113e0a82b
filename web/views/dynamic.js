// views/dynamic.js — dynamic shapes and graph breaks, side by side.
//  - branch({frontend}): a data-dependent `if` traced by four front ends — error (jax.jit refuses),
//    specialize (torch.jit.trace bakes one path in), guard (records a check), lazy (graph break:
//    LazyRunner runs graph, Python, graph).
//  - dynamic({strategy, from, steps}): a growing sequence length served by specialize (one compile per
//    length), bucket (pad to buckets, mask the padding) or symbolic ("S" stays a symbol).
// The module's answers are shown as they come (every scalar field, one column per front end / strategy).
// A build without these methods says so instead of failing.

import { el, clear, table } from '../dom.js';
import { formatCount, formatFlops, formatNumber } from '../format.js';

const FRONTENDS = ['error', 'specialize', 'guard', 'lazy'];
const STRATEGIES = ['specialize', 'bucket', 'symbolic'];

export function isUnavailable(err) {
  if (!err) return false;
  const m = String(err.message || err).toLowerCase();
  return m.includes('unknown method') || m.includes('not available') || m.includes('not a function');
}

/** Flattens an answer into [label, text] pairs (nested objects one level, arrays as lists). */
export function flatten(obj, prefix = '', depth = 0, out = []) {
  if (obj === null || obj === undefined) return out;
  if (typeof obj !== 'object') {
    out.push([prefix || 'value', fmt(obj)]);
    return out;
  }
  if (Array.isArray(obj)) {
    const simple = obj.every((v) => v === null || typeof v !== 'object');
    if (simple || depth >= 2) {
      const s = obj.map((v) => (typeof v === 'object' ? JSON.stringify(v) : fmt(v))).join(', ');
      out.push([prefix || 'values', `[${s.length > 120 ? s.slice(0, 119) + '…' : s}] (${obj.length})`]);
    } else {
      out.push([`${prefix || 'items'} (count)`, String(obj.length)]);
      obj.slice(0, 6).forEach((v, i) => flatten(v, `${prefix}[${i}]`, depth + 1, out));
    }
    return out;
  }
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && depth >= 2) out.push([key, JSON.stringify(v).slice(0, 120)]);
    else flatten(v, key, depth + 1, out);
  }
  return out;
}

function fmt(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? formatCount(v) : formatNumber(v);   // the lab's one formatter
  return String(v);
}

const yesNo = (v) => (v === true ? 'yes' : v === false ? 'no' : '');
const list = (a) => (Array.isArray(a) ? `[${a.map((v) => (typeof v === 'number' ? fmt(v) : JSON.stringify(v))).join(', ')}]` : '');

// Known fields of the core's answers (c/src/branch_demo.c, c/src/dynamic_demo.c), in teaching order.
const BRANCH_ROWS = [
  ['graphs traced', (a) => fmt(a.graphs)],
  ['guards recorded', (a) => (Array.isArray(a.guards) ? (a.guards.length ? a.guards.map((g) => JSON.stringify(g)).join(' ') : 'none') : '')],
  ['trace error', (a) => (a.error === null || a.error === undefined ? '—' : String(a.error))],
  ['output, 1st input', (a) => list(a.outputs && a.outputs.first)],
  ['output, 2nd input', (a) => list(a.outputs && a.outputs.second)],
  ['expected, 2nd input', (a) => list(a.outputs && a.outputs.expected_second)],
  ['correct on 2nd input', (a) => yesNo(a.correct_on_second_input)],
  ['graph breaks (lazy)', (a) => (a.lazy ? `${Math.max(0, (a.lazy.graphs || []).length - 1)} (ops per graph ${list(a.lazy.graphs)}, ${a.lazy.imports} imports)` : '—')],
];
const DYN_ROWS = [
  ['compiles', (a) => fmt(a.compiles)],
  ['cache hits', (a) => fmt(a.cache_hits)],
  ['guard failures', (a) => fmt(a.guard_failures)],
  ['graphs in the cache', (a) => (Array.isArray(a.graphs) ? `${a.graphs.length}: lengths ${a.graphs.map((g) => g.length).join(', ')}`.slice(0, 120) : '')],
  ['padded slots', (a) => fmt(a.padded_slots)],
  ['attention FLOPs', (a) => (typeof a.attention_flops === 'number' ? formatFlops(a.attention_flops) : '')],
  ['wasted on padding', (a) => (typeof a.wasted_attention_flops === 'number' ? `${formatFlops(a.wasted_attention_flops)}${a.attention_flops ? ` (${((100 * a.wasted_attention_flops) / a.attention_flops).toFixed(1)}%)` : ''}` : '')],
  ['max |Δ| vs specialize', (a) => (a.max_abs_diff === null ? 'shape-only' : typeof a.max_abs_diff === 'number' ? a.max_abs_diff.toExponential(2) : '')],
];
const SKIP = new Set(['frontend', 'strategy', 'program', 'first', 'second', 'steps', 'per_step', 'graph_list', 'flops_formula', 'config', 'from', 'seed', 'numeric']);

function curated(names, answers, rowsSpec) {
  const rows = rowsSpec.map(([label, f]) => [label, ...answers.map((a) => (a.ok ? f(a.value) || '' : ''))]);
  const known = new Set();
  for (const a of answers) if (a.ok && a.value && typeof a.value === 'object') for (const k of Object.keys(a.value)) known.add(k);
  const used = new Set(['graphs', 'guards', 'error', 'outputs', 'correct_on_second_input', 'lazy', 'compiles', 'cache_hits', 'guard_failures', 'padded_slots', 'attention_flops', 'wasted_attention_flops', 'max_abs_diff']);
  for (const k of known) {
    if (used.has(k) || SKIP.has(k)) continue;
    rows.push([k, ...answers.map((a) => (a.ok && a.value[k] !== undefined ? (typeof a.value[k] === 'object' ? JSON.stringify(a.value[k]).slice(0, 80) : fmt(a.value[k])) : ''))]);
  }
  rows.push(['call failed', ...answers.map((a) => (a.ok ? '' : a.error))]);
  return table(['', ...names], rows.filter((r) => r.slice(1).some((c) => c !== '')), { class: 'totals dyn-table' });
}

/** One row of squares per strategy: a compile (new graph) or a cache hit, per decode step. */
function timeline(names, answers) {
  const box = el('div', { class: 'dyn-timeline' });
  answers.forEach((a, i) => {
    if (!a.ok || !Array.isArray(a.value.per_step)) return;
    const row = el('div', { class: 'tl-row' }, el('span', { class: 'tl-name' }, names[i]));
    const cells = el('span', { class: 'tl-cells' });
    for (const st of a.value.per_step.slice(0, 512)) {
      const c = el('span', { class: `tl-cell ${st.compiled ? 'compiled' : 'hit'}`, title: `S=${st.S}${st.bucket !== undefined ? ` bucket ${st.bucket}` : ''}: ${st.compiled ? 'compiled' : 'cache hit'} (graph ${st.graph})` });
      cells.append(c);
    }
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
    branchBox.append(curated(FRONTENDS, answers, BRANCH_ROWS));
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

  function draw(state, model) {
    // these do not depend on the layer config; run once when the panel is first shown
    if (ranFor === null) {
      ranFor = 1;
      runBranch();
      runDynamic();
    }
  }

  return { draw };
}
