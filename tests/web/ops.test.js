// ops.test.js — web/ops.js: the op-class table against the reference's sets (graph_lab.py §1, copied here
// as literals), and the formatters the panels print, with hand-written expected strings.
import { describe, expect, it } from 'vitest';

import {
  classCss, CLASSES, fmtBytes, fmtShape, fmtSI, fmtTime, layerOfName, nodeLabel, OP_CLASS, opClass,
} from '../../web/ops.js';

// graph_lab.py: POINTWISE, REDUCE, VIEW, LEAF, GENERATOR, COMPOSITE, SPECIAL
const REFERENCE_SETS = {
  POINTWISE: ['add', 'sub', 'mul', 'div', 'maximum', 'neg', 'exp', 'log', 'tanh', 'sqrt', 'rsqrt', 'recip', 'rot_pairs',
    'gt', 'lt'],
  REDUCE: ['sum', 'max'],
  VIEW: ['reshape', 'transpose'],
  LEAF: ['input', 'param', 'const'],
  GENERATOR: ['causal_mask'],
  COMPOSITE: ['softmax', 'rms_norm', 'silu'],
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

describe('fmtSI', () => {
  it('three significant digits with the largest prefix that fits', () => {
    expect(fmtSI(989e12, 'FLOP/s')).toBe('989 TFLOP/s');
    expect(fmtSI(1.5e15, 'FLOP')).toBe('1.5 PFLOP');
    expect(fmtSI(3.35e12, 'B/s')).toBe('3.35 TB/s');
    expect(fmtSI(123456789)).toBe('123 M');
    expect(fmtSI(67e9, 'FLOP')).toBe('67 GFLOP');
    expect(fmtSI(2048, 'B')).toBe('2.05 kB');
  });
  it('exact prefix boundaries take the prefix; just below them do not', () => {
    expect(fmtSI(1e3, 'B')).toBe('1 kB');
    expect(fmtSI(999, 'B')).toBe('999 B');
    expect(fmtSI(1e6)).toBe('1 M');
    expect(fmtSI(999999)).toBe('1000 k');                 // 999.999 rounds up within the prefix
    expect(fmtSI(1e9)).toBe('1 G');
    expect(fmtSI(1e12)).toBe('1 T');
    expect(fmtSI(1e15)).toBe('1 P');
  });
  it('below 1000: no prefix, no trailing space without a unit; negatives by magnitude', () => {
    expect(fmtSI(0.5)).toBe('0.5');
    expect(fmtSI(12.345, 'x')).toBe('12.3 x');
    expect(fmtSI(0)).toBe('0');
    expect(fmtSI(-2500, 'B')).toBe('-2.5 kB');
    expect(fmtSI(-5)).toBe('-5');
  });
  it('non-finite values print as they are', () => {
    expect(fmtSI(Infinity, 'B')).toBe('Infinity');
    expect(fmtSI(NaN)).toBe('NaN');
    expect(fmtSI(-Infinity)).toBe('-Infinity');
  });
});

describe('fmtBytes', () => {
  it('binary prefixes, three significant digits; plain bytes as they are', () => {
    expect(fmtBytes(0)).toBe('0 B');
    expect(fmtBytes(1023)).toBe('1023 B');
    expect(fmtBytes(1024)).toBe('1 KiB');
    expect(fmtBytes(1536)).toBe('1.5 KiB');
    expect(fmtBytes(1048576)).toBe('1 MiB');
    expect(fmtBytes(100 * 1048576)).toBe('100 MiB');
    expect(fmtBytes(3 * 1073741824)).toBe('3 GiB');
    expect(fmtBytes(1099511627776)).toBe('1 TiB');
    expect(fmtBytes(123456789)).toBe('118 MiB');
  });
  it('TiB is the largest unit; negatives by magnitude; non-finite as they are', () => {
    expect(fmtBytes(2048 * 1099511627776)).toBe('2050 TiB');
    expect(fmtBytes(-2048)).toBe('-2 KiB');
    expect(fmtBytes(-1023)).toBe('-1023 B');
    expect(fmtBytes(Infinity)).toBe('Infinity');
    expect(fmtBytes(NaN)).toBe('NaN');
  });
});

describe('fmtTime', () => {
  it('ns, µs, ms or s with three significant digits', () => {
    expect(fmtTime(0)).toBe('0 s');
    expect(fmtTime(4e-6)).toBe('4 µs');
    expect(fmtTime(1.234e-9)).toBe('1.23 ns');
    expect(fmtTime(9.99e-7)).toBe('999 ns');
    expect(fmtTime(1e-6)).toBe('1 µs');
    expect(fmtTime(0.000999)).toBe('999 µs');
    expect(fmtTime(1e-3)).toBe('1 ms');
    expect(fmtTime(0.0123456)).toBe('12.3 ms');
    expect(fmtTime(0.999)).toBe('999 ms');
    expect(fmtTime(1)).toBe('1 s');
    expect(fmtTime(123.456)).toBe('123 s');
  });
  it('negatives by magnitude; non-finite as they are', () => {
    expect(fmtTime(-2e-3)).toBe('-2 ms');
    expect(fmtTime(-5e-9)).toBe('-5 ns');
    expect(fmtTime(Infinity)).toBe('Infinity');
    expect(fmtTime(NaN)).toBe('NaN');
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
