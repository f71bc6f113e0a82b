// views/graph/leaves.js — weights and scalar constants drawn Netron-style: as labelled chips on the node that
// reads them, not as boxes of their own (a layer's ~15 params and consts would otherwise take a third of the
// drawing). A leaf stays a node when it is an output, has no reader, or the user asked for leaves (leaves=1).
import { nodeLabel } from '../../ops.js';

const MAX_CHIP = 18;   // characters of one chip's label

/** A weight (param) or a scalar constant: the leaves drawn as chips. Tensor constants (RoPE tables) stay boxes. */
export function isChipLeaf(n) {
  if (n.inputs.length) return false;
  return n.op === 'param' || (n.op === 'const' && n.attrs && typeof n.attrs.value === 'number');
}

export function chipLabel(n) {
  const s = nodeLabel(n);
  return s.length > MAX_CHIP ? s.slice(0, MAX_CHIP - 1) + '…' : s;
}

/**
 * Which nodes of a stage are drawn as chips, and the chips of each reader.
 * Returns {chipped: Set of node ids, chips: Map reader id → [{id, label}]}.
 */
export function leafChips(stage, showLeaves) {
  const chipped = new Set();
  const chips = new Map();
  if (showLeaves) return { chipped, chips };
  const outs = new Set(stage.outputs || []);
  const readers = new Map();
  for (const n of stage.nodes) for (const i of n.inputs) {
    if (!readers.has(i)) readers.set(i, []);
    readers.get(i).push(n.id);
  }
  for (const n of stage.nodes) {
    if (!isChipLeaf(n) || outs.has(n.id) || !readers.has(n.id)) continue;
    chipped.add(n.id);
    for (const r of new Set(readers.get(n.id))) {
      if (!chips.has(r)) chips.set(r, []);
      chips.get(r).push({ id: n.id, label: chipLabel(n) });
    }
  }
  return { chipped, chips };
}
