// narrate.js — turns one pass's provenance into a caption a lecture can read out: what changed, counted and
// named, plus the pass's rule in one sentence. Pure (no DOM): the graph view shows it under the pass strip,
// tests/web/narrate.test.js checks it against the native CLI's provenance of the golden fixtures.
//
// Input: the stage before the pass and the stage after it, as model.js makes them ({id, op, inputs, attrs,
// name} per node), and the pass's provenance {pass, nodes: {new id: {how, from: [old ids]}}, removed}.
// Output: {pass, headline, rule, counts, changes: [{how, ids: [ids after], from: [ids before], text}]}.

import { describe } from './glossary.js';
import { lang, t } from './i18n/i18n.js';

const LEAF = new Set(['const', 'param', 'input']);
const MAX_NAMED = 3;
const RULES = new Set(['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight', 'dce']);   // the headline names this many, the change list names all

/** "%31 = mul(%12, %30)" — a node of the earlier stage, as the IR panel writes it. */
export function nodeText(n) {
  if (!n) return '?';
  const label = n.name && n.op === 'param' ? `${n.op} ${n.name}` : n.op;
  return n.inputs && n.inputs.length ? `%${n.id} = ${label}(${n.inputs.map((i) => '%' + i).join(', ')})` : `%${n.id} = ${label}`;
}

const upper = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
// the list separator: Chinese text takes the full-width semicolon
const sep = () => (lang() === 'zh' ? '；' : '; ');
const named = (items) => (items.length > MAX_NAMED ? `${items.slice(0, MAX_NAMED).join(sep())}${sep()}…` : items.join(sep()));

// flash_attn's operands, in the order the pass wires them (c/src/passes/pass_match_attention.c)
const ARG_NAMES = { flash_attn: ['q', 'k', 'v', 'mask'] };

function callText(n) {
  const names = ARG_NAMES[n.op] || [];
  return `${n.op}(${n.inputs.map((i, j) => (names[j] ? names[j] : '%' + i)).join(', ')})`;
}

/** Why a pass that changed nothing had nothing to do, said from the graph it saw. */
function nothingReason(pass, before) {
  switch (pass) {
    case 'constant_fold': {
      const byId = new Map(before.map((n) => [n.id, n]));
      const foldable = before.some((n) => n.inputs.length && !LEAF.has(n.op) &&
        n.inputs.every((i) => byId.get(i) && (byId.get(i).op === 'const' || byId.get(i).op === 'param')));
      return t(foldable ? 'narrate.nothing.folded' : 'narrate.nothing.fold');
    }
    case 'simplify': return t('narrate.nothing.simplify');
    case 'cse': return t('narrate.nothing.cse');
    case 'match_attention': return t('narrate.nothing.match_attention');
    case 'decompose': return t('narrate.nothing.decompose');
    case 'fold_norm_weight': return t('narrate.nothing.fold_norm_weight');
    case 'dce': return t('narrate.nothing.dce');
    default: return t('narrate.nothing.other');
  }
}

/** The pass's rule in one sentence. The built-in passes' rules are in the catalogue (their English is the
 *  glossary's: tests/web/views-i18n.test.js). */
export function narrateRule(pass) {
  return RULES.has(pass) ? t(`narrate.rule.${pass}`) : upper(describe(pass)) + (describe(pass) ? '.' : '');
}

/**
 * The caption of one pass. before / after: node arrays of the two stages; prov: the pass's provenance
 * (null: the result carries none — the caption then says only the node counts).
 */
export function narrate(pass, before, after, prov) {
  const rule = narrateRule(pass);
  const counts = { kept: 0, merged: 0, replaced: 0, expanded: 0, folded: 0, created: 0, removed: 0 };
  const changes = [];
  if (!prov || !prov.nodes) {
    const d = after.length - before.length;
    const headline = d === 0 ? t('narrate.same', { pass, n: after.length }) : t('narrate.diff', { pass, before: before.length, after: after.length });
    return { pass, headline, rule, counts, changes };
  }
  const old = new Map(before.map((n) => [n.id, n]));
  const used = new Set();
  const by = { merged: [], replaced: [], expanded: new Map(), folded: [], created: [] };
  const entries = Object.entries(prov.nodes).map(([k, v]) => [Number(k), v]).sort((a, b) => a[0] - b[0]);
  for (const [id, v] of entries) {
    const from = Array.isArray(v.from) ? v.from : [];
    for (const f of from) used.add(f);
    const n = after[id];
    if (v.how === 'kept') counts.kept++;
    else if (v.how === 'merged') by.merged.push({ id, n, from });
    else if (v.how === 'replaced') by.replaced.push({ id, n, from });
    else if (v.how === 'expanded') {
      const src = from[0];
      if (!by.expanded.has(src)) by.expanded.set(src, []);
      by.expanded.get(src).push(id);
    } else if (v.how === 'folded') by.folded.push({ id, n, from });
    else if (v.how === 'created') by.created.push({ id, n, from });
  }
  const removed = before.filter((n) => !used.has(n.id)).map((n) => n.id);
  const parts = [];

  if (by.replaced.length) {
    counts.replaced = by.replaced.length;
    const items = by.replaced.map(({ id, n, from }) => {
      const chain = from.map((f) => old.get(f)).filter((m) => m && !LEAF.has(m.op)).map((m) => m.op).join(' → ');
      const text = t('narrate.replaced.item', { chain, call: callText(n) });
      changes.push({ how: 'replaced', ids: [id], from, text: t('narrate.replaced.change', { text, id }) });
      return text;
    });
    parts.push(t('narrate.replaced.part', { items: named(items) }));
  }
  if (by.expanded.size) {
    let prims = 0;
    const items = [];
    for (const [src, ids] of by.expanded) {
      prims += ids.length;
      const o = old.get(src);
      const ops = ids.map((i) => after[i] && after[i].op).filter(Boolean);
      changes.push({ how: 'expanded', ids, from: [src], text: t('narrate.expanded.change', { op: o ? o.op : '?', src, ops: ops.join(', ') }) });
      items.push(t('narrate.expanded.item', { op: o ? o.op : '?', src, n: ids.length }));
    }
    counts.expanded = by.expanded.size;
    parts.push(t('narrate.expanded.part', { k: by.expanded.size, p: prims, items: named(items) }));
  }
  if (by.merged.length) {
    const items = [];
    for (const { id, from } of by.merged) {
      const keep = from[0];
      for (const f of from.slice(1)) {
        counts.merged++;
        items.push(t('narrate.merged.item', { node: nodeText(old.get(f)), keep }));
        changes.push({ how: 'merged', ids: [id], from: [keep, f], text: t('narrate.merged.change', { node: nodeText(old.get(f)), keep }) });
      }
    }
    parts.push(t('narrate.merged.part', { n: counts.merged, items: named(items) }));
  }
  if (by.folded.length) {
    counts.folded = by.folded.length;
    const items = by.folded.map(({ id, from }) => {
      const node = nodeText(old.get(from[0]));
      changes.push({ how: 'folded', ids: [id], from, text: t('narrate.folded.change', { node, id }) });
      return t('narrate.folded.item', { node });
    });
    parts.push(t('narrate.folded.part', { n: counts.folded, items: named(items) }));
  }
  if (by.created.length) {
    counts.created = by.created.length;
    const items = by.created.map(({ id, n, from }) => {
      const name = n && n.name ? n.name : `%${id}`;
      changes.push({ how: 'created', ids: [id], from, text: t('narrate.created.change', { name, id, from: from.map((f) => nodeText(old.get(f))).join(', ') }) });
      return name;
    });
    parts.push(t('narrate.created.part', { n: counts.created, items: named(items) }));
  }
  if (removed.length) {
    counts.removed = removed.length;
    const items = removed.map((f) => nodeText(old.get(f)));
    changes.push({ how: 'removed', ids: [], from: removed, text: t('narrate.removed.change', { items: items.join(', ') }) });
    parts.push(by.created.length || by.replaced.length ? t('narrate.removed.count', { n: removed.length })
      : t('narrate.removed.part', { n: removed.length, items: named(items) }));
  }
  const headline = parts.length ? t('narrate.headline', { pass, parts: parts.join(sep()) }) : t('narrate.nothing', { pass, reason: nothingReason(pass, before) });
  return { pass, headline, rule, counts, changes };
}

/** The caption of a model.js stage (the pass that made it), or null for the trace. */
export function narrateStage(stages, index) {
  const st = stages[index];
  if (!st || index === 0 || !stages[index - 1]) return null;
  return narrate(st.name, stages[index - 1].nodes, st.nodes, st.prov);
}

/**
 * What a pass changed in each layer of a stack whose stages carry per-layer summaries only ({groups: [{layer,
 * count}]}, the shared inputs at layer -1): "in each of the 126 layers: 51 → 46 nodes (−5)" when every layer
 * changed alike, else how many changed and the first few distinct changes; '' when no layer changed.
 */
export function narrateLayers(before, after) {
  const was = new Map((before.groups || []).map((g) => [g.layer, g.count]));
  const layers = (after.groups || []).filter((g) => g.layer >= 0);
  const changed = layers.filter((g) => was.get(g.layer) !== g.count);
  if (!changed.length) return layers.length ? t('narrate.layers.none', { n: layers.length }) : '';
  const delta = (a, b) => `${b - a > 0 ? '+' : '−'}${Math.abs(b - a)}`;
  const kinds = new Map();   // "a→b" → the layers that changed so, in order
  for (const g of changed) {
    const a = was.has(g.layer) ? was.get(g.layer) : 0;
    const k = `${a}→${g.count}`;
    if (!kinds.has(k)) kinds.set(k, { a, b: g.count, layers: [] });
    kinds.get(k).layers.push(g.layer);
  }
  if (changed.length === layers.length && kinds.size === 1) {
    const [{ a, b }] = kinds.values();
    return t('narrate.layers.each', { n: layers.length, a, b, d: delta(a, b) });
  }
  const some = [...kinds.values()].slice(0, MAX_NAMED)
    .map(({ a, b, layers: ls }) => t('narrate.layers.kind', { first: ls[0], more: ls.length > 1 ? t('narrate.layers.more', { n: ls.length - 1 }) : '', a, b, d: delta(a, b) }));
  return t('narrate.layers.some', { k: changed.length, n: layers.length, list: named(some) + (kinds.size > MAX_NAMED ? `${sep()}…` : '') });
}
