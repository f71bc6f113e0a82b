// precision.js — how the lab shows a numeric run's error under a precision plan (issue 35): the run's key, the
// numbers' text, the graph's colour scale by error and its legend's ticks, the per-node table's order, the
// worst node and the per-layer rows as the core gave them. Only what the core computed (the result's "error":
// docs/PRECISION.md) is shown: no error is computed here, only formatted, ordered and coloured.
// Pure module (no DOM): tests/web/precision.test.js.

import { precisionOf } from './state.js';
import { t as tr } from './i18n/i18n.js';

/** The numeric-run key of a state: what the numbers depend on (not the device or element size). */
export function runKey(st) {
  return JSON.stringify([st.cfg, st.pipeline, st.seed, precisionOf(st)]);
}

// ------------------------------------------------------------------------------------------ text
/** A max_abs / max_rel as text: "0", "3.94e-3"; null (the planned value overflowed to inf / NaN): "overflow". */
export function fmtErr(x) {
  if (x === null || x === undefined) return tr('numerics.overflow');
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  return x.toExponential(2).replace('e+', 'e');
}

/** An entry's SNR as text: "41.9 dB"; "exact" for an exact node (snr_db null, max_abs 0); "overflow". */
export function fmtSnr(entry) {
  if (!entry || entry.max_abs === null || entry.max_abs === undefined) return tr('numerics.overflow');
  if (entry.snr_db === null || entry.snr_db === undefined) return tr('numerics.exact');
  return `${entry.snr_db.toFixed(1)} dB`;
}

/** error.worst's added_db as text: "+12.3 dB". */
export function fmtAdded(db) {
  if (typeof db !== 'number' || !Number.isFinite(db)) return '';
  return `${db >= 0 ? '+' : '−'}${Math.abs(db).toFixed(1)} dB`;
}

/**
 * A node as a table or a choice names it: "%12 matmul wq" (op and name when the stage has the node); an unnamed
 * node by the first named node it reads, when nodes (the stage's) are given: "%57 matmul (w_down)".
 */
export function nodeLabel(id, node, nodes = null) {
  if (!node) return `%${id}`;
  const own = node.name && node.name !== node.op ? node.name : '';
  let via = '';
  if (!node.name && Array.isArray(nodes) && Array.isArray(node.inputs)) {
    const named = node.inputs.map((i) => nodes[i]).find((n) => n && n.name && n.name !== n.op);
    if (named) via = `(${named.name.length > 24 ? `${named.name.slice(0, 23)}…` : named.name})`;
  }
  return [`%${id}`, node.op, own, via].filter(Boolean).join(' ');
}

// ------------------------------------------------------------------------------------------ colour
// One sequential ramp (light → dark: more error is darker), five stops at t = 0, ¼, ½, ¾, 1
export const RAMP = ['#ffffcc', '#fed976', '#fd8d3c', '#e31a1c', '#800026'];
export const EXACT_COLOUR = '#d9f0d3';      // max_abs 0: the plan changed nothing here
export const OVERFLOW_COLOUR = '#3f007d';   // the planned value overflowed to inf / NaN (fp16 past 65504)
// the scales' ends: max_rel 1e-8 … 1 (log10, 8 decades), SNR 160 … 0 dB (the same decades in power)
export const REL_DECADES = [-8, 0];
export const SNR_DB = [160, 0];

const hex2 = (v) => Math.round(v).toString(16).padStart(2, '0');
function mix(a, b, f) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((x, i) => hex2(x + (pb[i] - x) * f)).join('')}`;
}
/** The ramp's colour at t in [0, 1] (clamped): piecewise linear between the stops. */
export function rampColour(t) {
  const u = Math.max(0, Math.min(1, Number.isFinite(t) ? t : 0)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(u));
  return mix(RAMP[i], RAMP[i + 1], u - i);
}

/** Where an entry sits on the scale of kind ('rel' | 'snr'): t in [0, 1], or 'exact' / 'overflow'. */
export function errorPosition(kind, entry) {
  if (!entry || entry.max_abs === null || entry.max_abs === undefined) return 'overflow';
  if (entry.max_abs === 0) return 'exact';
  if (kind === 'snr') {
    if (entry.snr_db === null || entry.snr_db === undefined) return 'exact';
    return Math.max(0, Math.min(1, (SNR_DB[0] - entry.snr_db) / (SNR_DB[0] - SNR_DB[1])));
  }
  const r = entry.max_rel;
  if (!(r > 0)) return 'exact';
  return Math.max(0, Math.min(1, (Math.log10(r) - REL_DECADES[0]) / (REL_DECADES[1] - REL_DECADES[0])));
}

/** An entry's fill on the graph for kind ('rel' | 'snr'). */
export function errorColour(kind, entry) {
  const p = errorPosition(kind, entry);
  if (p === 'overflow') return OVERFLOW_COLOUR;
  if (p === 'exact') return EXACT_COLOUR;
  return rampColour(p);
}

/** The text colour readable on a fill (#rrggbb): black or white, whichever contrasts more (WCAG luminance). */
export function textOn(fill) {
  const lin = [1, 3, 5].map((i) => {
    const c = parseInt(fill.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const L = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
  // contrast with black (L + 0.05) / 0.05 against with white 1.05 / (L + 0.05)
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? '#000000' : '#ffffff';
}

/**
 * The legend of kind ('rel' | 'snr'): {title, gradient: [colours at the ticks], ticks: [{t, label}], exact,
 * overflow}: one tick per stop of the ramp.
 */
export function legendOf(kind) {
  const n = RAMP.length - 1;
  const ticks = RAMP.map((_, i) => {
    const t = i / n;
    if (kind === 'snr') return { t, label: `${Math.round(SNR_DB[0] - t * (SNR_DB[0] - SNR_DB[1]))} dB` };
    const e = REL_DECADES[0] + t * (REL_DECADES[1] - REL_DECADES[0]);
    return { t, label: e === 0 ? '1' : `1e${e}` };
  });
  return {
    kind,
    title: tr(kind === 'snr' ? 'numerics.legend.snr' : 'numerics.legend.rel'),
    gradient: RAMP.slice(),
    ticks,
    exact: { colour: EXACT_COLOUR, label: tr('numerics.exact') },
    overflow: { colour: OVERFLOW_COLOUR, label: tr('numerics.legend.overflow') },
  };
}

// ------------------------------------------------------------------------------------------ tables
/** The per-node rows worst first: overflowed nodes, then by max_rel down, then by max_abs down, then by node id. */
export function sortedRows(nodes) {
  const rank = (e) => (e.max_abs === null || e.max_abs === undefined ? Infinity : e.max_rel);
  return (Array.isArray(nodes) ? nodes.slice() : []).sort((a, b) =>
    rank(b) - rank(a) || (b.max_abs ?? Infinity) - (a.max_abs ?? Infinity) || a.node - b.node);
}

/** error.worst as the core gave it ({node, added_db}), or null (absent: a core without it, or no node adds error). */
export function worstOf(error) {
  const w = error && error.worst;
  return w && Number.isInteger(w.node) ? { node: w.node, added_db: w.added_db } : null;
}

/** error.layers as the core gave it (per layer of a stack), or null when the core gave none. */
export function layersOf(error) {
  const ls = error && error.layers;
  return Array.isArray(ls) && ls.length ? ls.slice() : null;
}

/**
 * The bar widths of the per-layer chart, as fractions of the row: max_rel on the rel scale (0 for an exact layer,
 * 1 for overflow), one per layer in order.
 */
export function layerBars(layers) {
  return (layers || []).map((l) => {
    const p = errorPosition('rel', l);
    return p === 'overflow' ? 1 : p === 'exact' ? 0 : p;
  });
}

/** The plan as words: "weights int8 · activations bf16 · smooth 0.5" (the classes not at f64). */
export function planText(plan) {
  if (!plan) return tr('numerics.noplan');
  const parts = ['weights', 'activations', 'kv', 'accumulate'].filter((k) => plan[k] && plan[k] !== 'f64').map((k) => `${tr(`numerics.plan.${k}`)} ${plan[k]}`);
  if (typeof plan.smooth === 'number') parts.push(`${tr('numerics.plan.smooth')} ${plan.smooth}`);
  return parts.length ? parts.join(' · ') : tr('numerics.noplan');
}
