// config/range-words.js — a field's range check (state.js rangeError, whose English the hash's notices share) in
// the page's language: the few sentences it says, matched and said again through the catalogue. Pure.
import { t } from '../../i18n/i18n.js';

const RANGE_RE = /^out of range (\S+)…(\S+?)(?:, (\S+)(?: and (\S+))? excluded)?$/;

/** rangeError's (or the fields' own 'empty' / 'not a whole number') reason in the page's language. */
export function rangeWords(why, which) {
  const o = which ? { in: which } : undefined;
  if (why === 'empty') return t('config.why.empty', {}, o);
  if (why === 'not a whole number') return t('config.why.integer', {}, o);
  if (why === 'out of range (not a finite number)') return t('config.why.finite', {}, o);
  const m = RANGE_RE.exec(String(why));
  if (!m) return String(why);
  const range = t('config.why.range', { min: m[1], max: m[2] }, o);
  if (!m[3]) return range;
  const ex = m[4] ? t('config.why.excluded2', { a: m[3], b: m[4] }, o) : t('config.why.excluded1', { a: m[3] }, o);
  return `${range}${ex}`;
}
