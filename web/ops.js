// ops.js — op name → op class (the core's table, graph_lab.py §1), the class colours, shapes and node labels
// (numbers: format.js).

import { OP_CLASS, CLASSES } from './core-tables.js';

// the core's op → class table and its class order (its meta, see core-tables.js)
export { OP_CLASS, CLASSES };

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
