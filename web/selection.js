// selection.js — the lab's one selection, as a pure model (no DOM): unit-tested in tests/web/selection.test.js.
//
// What is selected is a node's *stable key* (model.js: "n<i>" for the trace's node i, kept through every pass
// that keeps or merges it; "s<stage>n<id>" for a node a pass made), so the selection survives renumbering and
// stepping. From the key and the shown stage this module works out what every view highlights: the node's id
// in that stage (IR and code lines, graph node), its fused kernel and its buffer (both on the last stage,
// where the core plans kernels and memory), and — when the key is not in the shown stage — which pass removed
// it and what it became, or which later pass makes it.
import { t } from './i18n/i18n.js';

/** A stable key as the hash carries it (sel=...): "n12" or "s3n45". */
export const KEY_RE = /^(n[0-9]{1,7}|s[0-9]{1,2}n[0-9]{1,7})$/;

/** The stage indices where key exists. */
function presentIn(stages, key) {
  const out = [];
  for (const st of stages) if (st.byKey && st.byKey.has(key)) out.push(st.index);
  return out;
}

/** The pass that made the node of key: {stage, pass, how, from} (stage 0: the trace). null when no stage has it. */
export function originOf(stages, key) {
  const at = presentIn(stages, key);
  if (!at.length) return null;
  const st = stages[at[0]];
  const n = st.byKey.get(key);
  if (at[0] === 0) return { stage: 0, pass: st.name, how: 'traced', from: [] };
  return { stage: at[0], pass: st.name, how: n.how || 'made', from: n.from || [] };
}

/** What became of prev's node id in stage st (the next one): the nodes of st whose provenance names it. */
function successors(st, id) {
  return st.nodes.filter((n) => (n.from || []).includes(id));
}

/**
 * Where the selection is at stage cur:
 *   {status: 'here', node}                                   the key is in that stage;
 *   {status: 'removed', stage, pass, how, into: [nodes], was} a pass up to cur removed it (stage: the pass's
 *                                                             stage; how: merged | replaced | expanded | … of
 *                                                             the nodes it became, or 'removed'; was: its last node);
 *   {status: 'later', stage, pass}                            a pass after cur makes it;
 *   {status: 'none'}                                          nothing selected, or no stage has the key.
 */
export function resolve(stages, key, cur) {
  if (!key || !stages.length) return { status: 'none' };
  const c = Math.max(0, Math.min(cur, stages.length - 1));
  const here = stages[c].byKey && stages[c].byKey.get(key);
  if (here) return { status: 'here', node: here };
  // the last stage before cur that has it: the next pass removed it
  for (let i = c - 1; i >= 0; i--) {
    const was = stages[i].byKey && stages[i].byKey.get(key);
    if (!was) continue;
    const next = stages[i + 1];
    const into = successors(next, was.id);
    return { status: 'removed', stage: i + 1, pass: next.name, how: into.length ? into[0].how || 'removed' : 'removed', into, was };
  }
  const o = originOf(stages, key);
  if (o) return { status: 'later', stage: o.stage, pass: o.pass };
  return { status: 'none' };
}

/** "removed by cse: merged into %28" and the like. */
export function removedText(r) {
  const ids = r.into.map((n) => `%${n.id}`);
  const list = ids.length > 4 ? `${ids.slice(0, 4).join(', ')} … (${ids.length})` : ids.join(', ');
  if (!r.into.length) return t('details.removed.unused', { pass: r.pass });
  if (r.how === 'merged') return t('details.removed.merged', { pass: r.pass, list });
  if (r.how === 'replaced') return t('details.removed.replaced', { pass: r.pass, list, op: r.into[0].op });
  if (r.how === 'expanded') return t('details.removed.expanded', { pass: r.pass, list });
  return t('details.removed.other', { pass: r.pass, how: r.how, list });
}

/** The key of the node with id in stage index si (an IR / code / graph element's data-node-id), or null. */
export function keyOf(stages, si, id) {
  const st = stages[si];
  const n = st && Number.isInteger(id) ? st.nodes[id] : null;
  return n ? n.key : null;
}

/** The node of key in the last stage (where kernels and buffers are planned), or null. */
export function lastNode(stages, key) {
  const last = stages[stages.length - 1];
  return (last && last.byKey && last.byKey.get(key)) || null;
}

/** The index of the fused kernel computing key's node (result.fused.kernels), or null. */
export function kernelIndex(result, stages, key) {
  const n = lastNode(stages, key);
  const ks = result && result.fused && result.fused.kernels;
  if (!n || !Array.isArray(ks)) return null;
  const i = ks.findIndex((k) => k.nodes.includes(n.id));
  return i < 0 ? null : i;
}

/** key's buffer in the memory plan: {nid, bytes, start, end} (steps are kernel indices), or null when the node
 *  is not written to memory (fused away inside a kernel, a weight, a view). */
export function bufferOf(result, stages, key) {
  const n = lastNode(stages, key);
  const lts = result && result.memory && result.memory.lifetimes;
  if (!n || !Array.isArray(lts)) return null;
  const lt = lts.find((x) => x[3] === n.id);
  return lt ? { nid: lt[3], bytes: lt[0], start: lt[1], end: lt[2] } : null;
}

/** The selection moved by dir (±1) through a stage's line order (↑/↓ in the IR): the key of the node after / before. */
export function stepKey(stages, si, key, dir) {
  const st = stages[si];
  if (!st || !st.nodes.length) return null;
  const n = key && st.byKey.get(key);
  if (!n) return st.nodes[dir > 0 ? 0 : st.nodes.length - 1].key;
  const j = Math.max(0, Math.min(st.nodes.length - 1, n.id + dir));
  return st.nodes[j].key;
}
