// format.js — the one number formatter of the lab: bytes, FLOPs, rates, times and counts in every panel
// read the same way. Three significant digits everywhere, rounded *before* the unit is chosen (so 999,999
// is "1 M", never "1000 k"), and bytes in binary units from 1000 B up (so "1000 B" never stands next to
// "1.46 KiB": it is "0.977 KiB").

const SI = [[1e15, 'P'], [1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
const BIN = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** v rounded to `digits` significant digits, as a number (12.345 → 12.3; -0 → 0). */
export function round(v, digits = 3) {
  if (!Number.isFinite(v) || v === 0) return v === 0 ? 0 : v;
  return +v.toPrecision(digits);
}

/** A plain number: 3 significant digits, no exponent (0.000123 → "0.000123", 12.345 → "12.3"). */
export function formatNumber(v) {
  if (!Number.isFinite(v)) return String(v);
  const r = round(v);
  if (r !== 0 && Math.abs(r) < 1e-4) return r.toExponential(2).replace(/\.?0+e/, 'e');
  return String(r);
}

/** SI prefixes (k, M, G, T, P): formatSI(989e12, 'FLOP/s') → "989 TFLOP/s"; below 1000 no prefix. */
export function formatSI(v, unit = '') {
  if (!Number.isFinite(v)) return String(v);
  const r = round(v);
  const a = Math.abs(r);
  for (const [s, p] of SI) if (a >= s) return `${round(r / s)} ${p}${unit}`;
  return `${formatNumber(r)} ${unit}`.trim();
}

/** Bytes in binary units: 1536 → "1.5 KiB", 999 → "999 B", 1000 → "0.977 KiB". */
export function formatBytes(b) {
  if (!Number.isFinite(b)) return String(b);
  let v = b;
  let i = 0;
  if (Math.abs(v) < 1000) return `${round(v)} B`;
  do { v /= 1024; i++; } while (Math.abs(round(v)) >= 1000 && i < BIN.length - 1);
  return `${round(v)} ${BIN[i]}`;
}

/** FLOPs ("962 GFLOP") and FLOP/s ("989 TFLOP/s"). */
export const formatFlops = (v) => formatSI(v, 'FLOP');
export const formatFlopRate = (v) => formatSI(v, 'FLOP/s');
/** Bandwidth in decimal units, as devices are sold ("3.35 TB/s"). */
export const formatBandwidth = (v) => formatSI(v, 'B/s');

/** Arithmetic intensity: "295 FLOP/B". */
export const formatIntensity = (v) => `${formatNumber(v)} FLOP/B`;

/** A count: exact below 10,000 (lengths such as 4096 stay whole), then SI ("890 k", "1.22 M") — never an exponent. */
export function formatCount(n) {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) < 1e4 ? (Number.isInteger(n) ? String(n) : formatNumber(n)) : formatSI(n);
}

const TIME = [[1, 's'], [1e-3, 'ms'], [1e-6, 'µs'], [1e-9, 'ns']];

/** Seconds in s / ms / µs / ns: 0.0123456 → "12.3 ms", 9.996e-7 → "1 µs". */
export function formatTime(s) {
  if (!Number.isFinite(s)) return String(s);
  if (s === 0) return '0 s';
  const r = round(s);
  const a = Math.abs(r);
  for (const [u, name] of TIME) if (a >= u) return `${round(r / u)} ${name}`;
  return `${round(r / 1e-9)} ns`;
}

/**
 * A measured duration in milliseconds at the clock's resolution `resMs` (Firefox's coarse timer ticks in
 * whole ms): no more decimals than the clock has (at most 2), and "< 1 ms" rather than "0.00 ms".
 */
export function formatMs(ms, resMs = 0.01) {
  if (!Number.isFinite(ms)) return String(ms);
  const res = resMs > 0 ? resMs : 0.01;
  if (ms < res) return `< ${formatNumber(res)} ms`;
  const decimals = Math.max(0, Math.min(2, Math.ceil(-Math.log10(res) - 1e-9)));
  return `${(Math.round(ms / res) * res).toFixed(decimals)} ms`;
}
