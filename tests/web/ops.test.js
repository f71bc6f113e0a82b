// ops.test.js — web/ops.js: the op-class table against the reference's sets (graph_lab.py §1, copied here
// as literals), and the shape and node labels, with hand-written expected strings (the number formatters: format.test.js).
import { describe, expect, it } from 'vitest';

import {
  classCss, CLASSES, fmtShape, layerOfName, nodeLabel, OP_CLASS, opClass,
} from '../../web/ops.js';

// graph_lab.py: POINTWISE, REDUCE, VIEW, LEAF, GENERATOR, COMPOSITE, SPECIAL
const REFERENCE_SETS = {
  POINTWISE: ['add', 'sub', 'mul', 'div', 'maximum', 'neg', 'exp', 'log', 'tanh', 'sqrt', 'rsqrt', 'recip', 'rot_pairs',
    'gt', 'lt', 'quantize', 'dequantize'],   // + quantize, dequantize: issue 35's conversions (docs/PRECISION.md)
  REDUCE: ['sum', 'max'],
  VIEW: ['reshape', 'transpose'],
  LEAF: ['input', 'param', 'const'],
  GENERATOR: ['causal_mask'],
  COMPOSITE: ['softmax', 'rms_norm', 'silu', 'gelu'],     // + gelu: GraphLab's op beyond the reference (tests/ref/gelu.py)
  SPECIAL: ['matmul', 'kv_write', 'flash_attn'],
};

describe('op classes', () => {
  it('every op of the reference has its class, and nothing else is listed', () => {
    const expected = {};
    for (const [cls, ops] of Object.entries(REFERENCE_SETS)) for (const op of ops) expected[op] = cls;
    expect(OP_CLASS).toEqual(expected);
    for (const [op, cls] of Object.entries(expected)) expect(opClass(op)).toBe(cls);
  });

  it('unknown ops (and inherited property names) are SPECIAL', () => {
    expect(opClass('fancy_op')).toBe('SPECIAL');
    expect(opClass('toString')).toBe('SPECIAL');
    expect(opClass('__proto__')).toBe('SPECIAL');
    expect(opClass(undefined)).toBe('SPECIAL');
  });

  it('lists the seven classes in legend order, with their CSS names', () => {
    expect(CLASSES).toEqual(['LEAF', 'POINTWISE', 'REDUCE', 'VIEW', 'GENERATOR', 'COMPOSITE', 'SPECIAL']);
    expect(classCss('POINTWISE')).toBe('cls-pointwise');
    expect(classCss('GENERATOR')).toBe('cls-generator');
  });
});

describe('fmtShape', () => {
  it('joins dims with ×, symbols included; () is a scalar', () => {
    expect(fmtShape([4, 8])).toBe('4×8');
    expect(fmtShape([1, 'T', 4096])).toBe('1×T×4096');
    expect(fmtShape([7])).toBe('7');
    expect(fmtShape([])).toBe('scalar');
  });
  it('anything but an array is ?', () => {
    expect(fmtShape(undefined)).toBe('?');
    expect(fmtShape('4x8')).toBe('?');
    expect(fmtShape({ length: 2 })).toBe('?');
  });
});

describe('nodeLabel', () => {
  it('a const with a numeric value shows it (four significant digits)', () => {
    expect(nodeLabel({ op: 'const', attrs: { value: 0.08838834764831845 }, name: '' })).toBe('const 0.08839');
    expect(nodeLabel({ op: 'const', attrs: { value: 1 }, name: 'one' })).toBe('const 1');
  });
  it('a const without a value, or a non-numeric one, is just the op', () => {
    expect(nodeLabel({ op: 'const', attrs: {}, name: 'folded mul' })).toBe('const');
    expect(nodeLabel({ op: 'const', name: 'x' })).toBe('const');
    expect(nodeLabel({ op: 'const', attrs: { value: '1' } })).toBe('const');
  });
  it('params and inputs show their names, cut to 21 characters and an ellipsis past 22', () => {
    expect(nodeLabel({ op: 'param', name: '0.wq' })).toBe('0.wq');
    expect(nodeLabel({ op: 'input', name: 'x' })).toBe('x');
    expect(nodeLabel({ op: 'param', name: 'abcdefghijklmnopqrstuv' })).toBe('abcdefghijklmnopqrstuv');   // 22
    expect(nodeLabel({ op: 'param', name: 'abcdefghijklmnopqrstuvw' })).toBe('abcdefghijklmnopqrstu…');  // 23
    expect(nodeLabel({ op: 'param', name: '' })).toBe('param');
  });
  it('other ops show the op, whatever their name', () => {
    expect(nodeLabel({ op: 'matmul', name: 'q' })).toBe('matmul');
    expect(nodeLabel({ op: 'mul', attrs: { value: 2 }, name: '' })).toBe('mul');
    expect(nodeLabel({ op: 'flash_attn', name: 'flash_attn', attrs: { scale: 0.125 } })).toBe('flash_attn');
  });
});

describe('layerOfName', () => {
  it('the number before the first dot, up to four digits', () => {
    expect(layerOfName('3.wq')).toBe(3);
    expect(layerOfName('0.attn_norm')).toBe(0);
    expect(layerOfName('125.w2·diag(125.ffn_norm)')).toBe(125);
    expect(layerOfName('9999.k_cache')).toBe(9999);
  });
  it('no layer otherwise', () => {
    expect(layerOfName('12345.wq')).toBeNull();
    expect(layerOfName('wq')).toBeNull();
    expect(layerOfName('x.3')).toBeNull();
    expect(layerOfName('a3.wq')).toBeNull();
    expect(layerOfName('3wq')).toBeNull();
    expect(layerOfName('')).toBeNull();
    expect(layerOfName(undefined)).toBeNull();
  });
});
