// why.js — one sentence for a kernel's `why` (the core's record of why fusion started that kernel; the
// vocabulary and shape are in docs/CASES.md). Nothing is recomputed here: reason, candidate and bytes are the
// core's. Pure module (no DOM).
import { formatBytes } from './format.js';
import { WHY_REASONS } from './core-tables.js';

// the core's vocabulary (its meta, see core-tables.js)
export { WHY_REASONS };

const REFUSED = {
  special: 'an attention or KV-write kernel takes no other op',
  reduce_axis: 'a reduction over another axis than the last has no row to stay on chip',
  epilogue: 'a matmul epilogue takes only pointwise ops of the same size, and no reduction',
  iteration_shape: 'its shape is not the kernel\'s iteration space, nor one value per row of it',
  cycle: 'another kernel it reads depends on that one, so joining would make a cycle',
};

/**
 * why: {reason, candidate, saved_bytes}; name(i) (optional) names kernel i, e.g. "#3 QKV projection".
 * Returns '' when there is no why (a result from an older core).
 */
export function whySentence(why, name = (i) => `#${i}`) {
  if (!why || typeof why !== 'object') return '';
  const { reason, candidate, saved_bytes: saved } = why;
  if (reason === 'eager') return 'Fusion is off (eager): every op is its own kernel.';
  if (reason === 'no_fusible_producer') {
    return 'Starts a kernel: every input is a weight, an input, a view of one or a mask — no kernel to join.';
  }
  if (reason === 'special' && (candidate === null || candidate === undefined)) {
    return 'Starts its own kernel: matmul, flash_attn and kv_write always do.';
  }
  const why2 = REFUSED[reason];
  if (!why2) return `Starts a kernel (${String(reason)}).`;
  const bytes = Number.isFinite(saved) && saved > 0 ? ` Joining would have saved ${formatBytes(saved)} (the intermediate's write and its re-read).` : '';
  return `Could not join kernel ${name(candidate)}: ${why2}.${bytes}`;
}
