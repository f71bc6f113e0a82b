// ops.js — op name → op class (graph_lab.py §1), the class colours, and small formatting helpers.

export const OP_CLASS = {
  input: 'LEAF', param: 'LEAF', const: 'LEAF',
  add: 'POINTWISE', sub: 'POINTWISE', mul: 'POINTWISE', div: 'POINTWISE', maximum: 'POINTWISE', neg: 'POINTWISE',
  exp: 'POINTWISE', log: 'POINTWISE', tanh: 'POINTWISE', sqrt: 'POINTWISE', rsqrt: 'POINTWISE', recip: 'POINTWISE',
  rot_pairs: 'POINTWISE', gt: 'POINTWISE', lt: 'POINTWISE',
  sum: 'REDUCE', max: 'REDUCE',
  reshape: 'VIEW', transpose: 'VIEW',
  causal_mask: 'GENERATOR',
  softmax: 'COMPOSITE', rms_norm: 'COMPOSITE', silu: 'COMPOSITE',
  matmul: 'SPECIAL', kv_write: 'SPECIAL', flash_attn: 'SPECIAL',
};

export const CLASSES = ['LEAF', 'POINTWISE', 'REDUCE', 'VIEW', 'GENERATOR', 'COMPOSITE', 'SPECIAL'];

export function opClass(op) {
  return Object.prototype.hasOwnProperty.call(OP_CLASS, op) ? OP_CLASS[op] : 'SPECIAL';
}

/** CSS class suffix for an op class ("cls-pointwise"). */
export function classCss(cls) {
  return 'cls-' + cls.toLowerCase();
}

export function fmtShape(shape) {
  if (!Array.isArray(shape)) return '?';
  if (shape.length === 0) return 'scalar';
  return shape.map(String).join('×');
}

const SI = [[1e15, 'P'], [1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
export function fmtSI(v, unit = '') {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  for (const [s, p] of SI) if (a >= s) return `${+(v / s).toPrecision(3)} ${p}${unit}`;
  return `${+v.toPrecision(3)} ${unit}`.trim();
}

export function fmtBytes(b) {
  if (!Number.isFinite(b)) return String(b);
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = b;
  while (Math.abs(v) >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : +v.toPrecision(3)} ${units[i]}`;
}

export function fmtTime(s) {
  if (!Number.isFinite(s)) return String(s);
  const a = Math.abs(s);
  if (a === 0) return '0 s';
  if (a < 1e-6) return `${+(s * 1e9).toPrecision(3)} ns`;
  if (a < 1e-3) return `${+(s * 1e6).toPrecision(3)} µs`;
  if (a < 1) return `${+(s * 1e3).toPrecision(3)} ms`;
  return `${+s.toPrecision(3)} s`;
}

/** Short text for a node box: the op, plus the name for leaves and named nodes. */
export function nodeLabel(n) {
  if (n.op === 'const' && n.attrs && typeof n.attrs.value === 'number') return `const ${+n.attrs.value.toPrecision(4)}`;
  if (n.name && (n.op === 'param' || n.op === 'input')) return n.name.length > 22 ? n.name.slice(0, 21) + '…' : n.name;
  return n.op;
}

/** Layer index of a param name "3.wq" (and "3.wq·diag(3.attn_norm)"), else null. */
export function layerOfName(name) {
  const m = /^([0-9]{1,4})\./.exec(name || '');
  return m ? Number(m[1]) : null;
}
