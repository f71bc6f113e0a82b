// narrate.js — turns one pass's provenance into a caption a lecture can read out: what changed, counted and
// named, plus the pass's rule in one sentence. Pure (no DOM): the graph view shows it under the pass strip,
// tests/web/narrate.test.js checks it against the native CLI's provenance of the golden fixtures.
//
// Input: the stage before the pass and the stage after it, as model.js makes them ({id, op, inputs, attrs,
// name} per node), and the pass's provenance {pass, nodes: {new id: {how, from: [old ids]}}, removed}.
// Output: {pass, headline, rule, counts, changes: [{how, ids: [ids after], from: [ids before], text}]}.

import { describe } from './glossary.js';

const LEAF = new Set(['const', 'param', 'input']);
const MAX_NAMED = 3;   // the headline names this many, the change list names all

/** "%31 = mul(%12, %30)" — a node of the earlier stage, as the IR panel writes it. */
export function nodeText(n) {
  if (!n) return '?';
  const label = n.name && n.op === 'param' ? `${n.op} ${n.name}` : n.op;
  return n.inputs && n.inputs.length ? `%${n.id} = ${label}(${n.inputs.map((i) => '%' + i).join(', ')})` : `%${n.id} = ${label}`;
}

const plural = (k, one, many = one + 's') => `${k} ${k === 1 ? one : many}`;
const upper = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const named = (items) => (items.length > MAX_NAMED ? `${items.slice(0, MAX_NAMED).join('; ')}; …` : items.join('; '));

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
      return foldable ? 'nothing folded' : 'nothing to fold — every input is an activation';
    }
    case 'simplify': return 'nothing to simplify — no x·1, x + 0, −(−x) or cancelling transposes';
    case 'cse': return 'nothing to merge — no two nodes compute the same op on the same inputs';
    case 'match_attention': return 'no attention pattern it can replace';
    case 'decompose': return 'no composite ops to expand';
    case 'fold_norm_weight': return 'no norm weight feeding a matmul';
    case 'dce': return 'nothing dead — every node reaches an output';
    default: return 'no change';
  }
}

/**
 * The caption of one pass. before / after: node arrays of the two stages; prov: the pass's provenance
 * (null: the result carries none — the caption then says only the node counts).
 */
export function narrate(pass, before, after, prov) {
  const rule = upper(describe(pass)) + (describe(pass) ? '.' : '');
  const counts = { kept: 0, merged: 0, replaced: 0, expanded: 0, folded: 0, created: 0, removed: 0 };
  const changes = [];
  if (!prov || !prov.nodes) {
    const d = after.length - before.length;
    const headline = d === 0 ? `${pass}: ${after.length} nodes, as before` : `${pass}: ${before.length} → ${after.length} nodes`;
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
      const text = `${chain} by ${callText(n)}`;
      changes.push({ how: 'replaced', ids: [id], from, text: `replaced ${text} (%${id})` });
      return text;
    });
    parts.push(`replaced ${named(items)}`);
  }
  if (by.expanded.size) {
    let prims = 0;
    const items = [];
    for (const [src, ids] of by.expanded) {
      prims += ids.length;
      const o = old.get(src);
      const ops = ids.map((i) => after[i] && after[i].op).filter(Boolean);
      const text = `${o ? o.op : '?'} %${src} into ${ops.join(', ')}`;
      changes.push({ how: 'expanded', ids, from: [src], text: `expanded ${text}` });
      items.push(`${o ? o.op : '?'} %${src} → ${plural(ids.length, 'op')}`);
    }
    counts.expanded = by.expanded.size;
    parts.push(`expanded ${plural(by.expanded.size, 'composite')} into ${plural(prims, 'primitive')}: ${named(items)}`);
  }
  if (by.merged.length) {
    const items = [];
    for (const { id, from } of by.merged) {
      const keep = from[0];
      for (const f of from.slice(1)) {
        counts.merged++;
        const text = `${nodeText(old.get(f))} into %${keep}`;
        items.push(text);
        changes.push({ how: 'merged', ids: [id], from: [keep, f], text: `merged ${text}` });
      }
    }
    parts.push(`merged ${plural(counts.merged, 'node')}: ${named(items)}`);
  }
  if (by.folded.length) {
    counts.folded = by.folded.length;
    const items = by.folded.map(({ id, from }) => {
      const text = `${nodeText(old.get(from[0]))} into a constant`;
      changes.push({ how: 'folded', ids: [id], from, text: `folded ${text} (%${id})` });
      return text;
    });
    parts.push(`folded ${plural(counts.folded, 'node')}: ${named(items)}`);
  }
  if (by.created.length) {
    counts.created = by.created.length;
    const items = by.created.map(({ id, n, from }) => {
      const name = n && n.name ? n.name : `%${id}`;
      changes.push({ how: 'created', ids: [id], from, text: `made ${name} (%${id}) from ${from.map((f) => nodeText(old.get(f))).join(', ')}` });
      return name;
    });
    parts.push(`made ${plural(counts.created, 'node')}: ${named(items)}`);
  }
  if (removed.length) {
    counts.removed = removed.length;
    const items = removed.map((f) => nodeText(old.get(f)));
    changes.push({ how: 'removed', ids: [], from: removed, text: `removed ${items.join(', ')}` });
    parts.push(`removed ${plural(removed.length, 'node')}${by.created.length || by.replaced.length ? '' : ': ' + named(items)}`);
  }
  const headline = parts.length ? `${pass} ${parts.join('; ')}` : `${pass}: ${nothingReason(pass, before)}`;
  return { pass, headline, rule, counts, changes };
}

/** The caption of a model.js stage (the pass that made it), or null for the trace. */
export function narrateStage(stages, index) {
  const st = stages[index];
  if (!st || index === 0 || !stages[index - 1]) return null;
  return narrate(st.name, stages[index - 1].nodes, st.nodes, st.prov);
}
