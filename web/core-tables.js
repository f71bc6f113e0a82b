// core-tables.js — the small tables the C core owns, as its `meta` publishes them (graphlab meta, lab.meta()):
// every pass with its code in a link and whether the default pipeline runs it, the op classes, the status
// names, the reasons fusion gives for starting a kernel. The lab types none of them: SNAPSHOT is the core's
// meta as checked in (node tools/core-meta.mjs rewrites it; tests/web/meta.test.js fails when it differs from
// the native CLI's or the WASM module's), for the pure modules under Node and for the page until the module
// loads; useCoreTables(lab.meta()) then installs the live module's tables. The exports are live bindings:
// importers see the installed tables.
//
// Pure module (no DOM).

// BEGIN SNAPSHOT (written by tools/core-meta.mjs from `build/graphlab meta`)
const SNAPSHOT = {
  passes: [
    { name: 'match_attention', code: 'ma', pipeline: true },
    { name: 'decompose', code: 'de', pipeline: true },
    { name: 'cse', code: 'cs', pipeline: true },
    { name: 'constant_fold', code: 'cf', pipeline: true },
    { name: 'simplify', code: 'si', pipeline: true },
    { name: 'fold_norm_weight', code: 'fn', pipeline: true },
    { name: 'dce', code: 'dc', pipeline: false },
    { name: 'quantize', code: 'qz', pipeline: false },
  ],
  classes: ['LEAF', 'POINTWISE', 'REDUCE', 'VIEW', 'GENERATOR', 'COMPOSITE', 'SPECIAL'],
  op_classes: {
    input: 'LEAF', param: 'LEAF', const: 'LEAF', add: 'POINTWISE', sub: 'POINTWISE', mul: 'POINTWISE',
    div: 'POINTWISE', maximum: 'POINTWISE', neg: 'POINTWISE', exp: 'POINTWISE', log: 'POINTWISE', tanh: 'POINTWISE',
    sqrt: 'POINTWISE', rsqrt: 'POINTWISE', recip: 'POINTWISE', rot_pairs: 'POINTWISE', gt: 'POINTWISE',
    lt: 'POINTWISE', quantize: 'POINTWISE', dequantize: 'POINTWISE', sum: 'REDUCE', max: 'REDUCE', reshape: 'VIEW',
    transpose: 'VIEW', causal_mask: 'GENERATOR', softmax: 'COMPOSITE', rms_norm: 'COMPOSITE', silu: 'COMPOSITE',
    gelu: 'COMPOSITE', matmul: 'SPECIAL', kv_write: 'SPECIAL', flash_attn: 'SPECIAL',
  },
  status: ['ok', 'invalid', 'shape', 'trace', 'nomem', 'parse', 'unbound', 'limit', 'internal'],
  why_reasons: ['special', 'no_fusible_producer', 'reduce_axis', 'epilogue', 'iteration_shape', 'cycle', 'eager'],
};
// END SNAPSHOT

/** The pass names, the default pipeline's first (registry order). */
export let PASS_NAMES;
/** The passes the default pipeline runs, in its order. */
export let DEFAULT_PIPELINE;
/** pass name → its two-letter code in a link ("p=ma.de"), and back. */
export let PASS_CODE;
export let CODE_PASS;
/** op name → op class ("add" → "POINTWISE"), and the classes in the core's order. */
export let OP_CLASS;
export let CLASSES;
/** gl_status names by number ("invalid" is 1). */
export let STATUS_NAMES;
/** What a kernel's why.reason can be (docs/CASES.md). */
export let WHY_REASONS;

const isObj = (x) => !!x && typeof x === 'object' && !Array.isArray(x);
const isName = (x) => typeof x === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,47}$/.test(x);

/** The tables of a meta ({passes, classes, op_classes, status, why_reasons}), or null when it lacks one or one is malformed. */
export function tablesOf(meta) {
  if (!isObj(meta)) return null;
  const { passes, classes, op_classes: ops, status, why_reasons: why } = meta;
  if (!Array.isArray(passes) || !passes.length || !passes.every((p) => isObj(p) && isName(p.name) && /^[a-z]{2}$/.test(p.code) && typeof p.pipeline === 'boolean')) return null;
  if (new Set(passes.map((p) => p.code)).size !== passes.length || new Set(passes.map((p) => p.name)).size !== passes.length) return null;
  if (!Array.isArray(classes) || !classes.length || !classes.every(isName)) return null;
  if (!isObj(ops) || !Object.entries(ops).every(([op, c]) => isName(op) && classes.includes(c))) return null;
  if (!Array.isArray(status) || !status.every(isName)) return null;
  if (!Array.isArray(why) || !why.length || !why.every(isName)) return null;
  return {
    passes: passes.map(({ name, code, pipeline }) => ({ name, code, pipeline })),
    classes: classes.slice(),
    op_classes: { ...ops },
    status: status.slice(),
    why_reasons: why.slice(),
  };
}

function install(t) {
  PASS_NAMES = Object.freeze(t.passes.map((p) => p.name));
  DEFAULT_PIPELINE = Object.freeze(t.passes.filter((p) => p.pipeline).map((p) => p.name));
  PASS_CODE = Object.freeze(Object.fromEntries(t.passes.map((p) => [p.name, p.code])));
  CODE_PASS = Object.freeze(Object.fromEntries(t.passes.map((p) => [p.code, p.name])));
  OP_CLASS = Object.freeze({ ...t.op_classes });
  CLASSES = Object.freeze(t.classes.slice());
  STATUS_NAMES = Object.freeze(t.status.slice());
  WHY_REASONS = Object.freeze(t.why_reasons.slice());
}
install(SNAPSHOT);

/** Installs the tables of the live core's meta (lab.meta()); false (the snapshot kept) when it has none. */
export function useCoreTables(meta) {
  const t = tablesOf(meta);
  if (t) install(t);
  return !!t;
}
