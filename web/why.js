// why.js — one sentence for a kernel's `why` (the core's record of why fusion started that kernel; the
// vocabulary and shape are in docs/CASES.md). Nothing is recomputed here: reason, candidate and bytes are the
// core's. Pure module (no DOM).
import { formatBytes } from './format.js';
import { WHY_REASONS } from './core-tables.js';
import { t } from './i18n/i18n.js';

// the core's vocabulary (its meta, see core-tables.js)
export { WHY_REASONS };

// the reasons fusion refuses a join (their words: why.refused.* in the catalogues)
const REFUSED = new Set(['special', 'reduce_axis', 'epilogue', 'iteration_shape', 'cycle']);

/**
 * why: {reason, candidate, saved_bytes}; name(i) (optional) names kernel i, e.g. "#3 QKV projection".
 * Returns '' when there is no why (a result from an older core).
 */
export function whySentence(why, name = (i) => `#${i}`) {
  if (!why || typeof why !== 'object') return '';
  const { reason, candidate, saved_bytes: saved } = why;
  if (reason === 'eager') return t('why.eager');
  if (reason === 'no_fusible_producer') {
    return t('why.no_fusible_producer');
  }
  if (reason === 'special' && (candidate === null || candidate === undefined)) {
    return t('why.special_own');
  }
  if (!REFUSED.has(reason)) return t('why.other', { reason: String(reason) });
  const why2 = t(`why.refused.${reason}`);
  const bytes = Number.isFinite(saved) && saved > 0 ? t('why.saved', { bytes: formatBytes(saved) }) : '';
  return t('why.refused', { kernel: name(candidate), why: why2 }) + bytes;
}
