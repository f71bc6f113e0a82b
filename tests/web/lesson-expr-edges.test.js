// lesson-expr-edges.test.js — web/lessons/expr.js at its edges (issue 36: the survivors of make mutate-web):
// string escapes, keywords as literals and field names, every syntax error's exact message and column, the
// depth and length limits, every builtin's type error, comparisons at equality, deepEqual on lists / records /
// strings, the env's functions (own only, errors wrapped), `in` on strings and records, string +, and
// checkAssertions' failure records. Each value and message worked out by hand from the module's rules.
import { describe, expect, it } from 'vitest';

import { checkAssertions, evaluate, ExprError, parse } from '../../web/lessons/expr.js';

const msg = (src, env = {}) => {
  try { evaluate(src, env); } catch (e) { return e instanceof ExprError ? e.message : `not an ExprError: ${e}`; }
  return 'no error';
};

describe('values', () => {
  const env = {
    xs: [10, 20, 30], r: { a: 1, f() { return 1; } }, n: { 1: 'one' }, kw: { in: 3 },
    f: (x) => x * 3, boom() { throw new Error('boom'); }, oops() { throw 'oops'; }, inner() { throw new ExprError('inner'); },
    g: () => () => 1,
  };
  it.each([
    ['"a\\nb"', 'a\nb'], ['"a\\tb"', 'a\tb'], ['"a\\\\b"', 'a\\b'], ['"a\\"b"', 'a"b'], ["'a\\'b'", "a'b"],
    ['null', null], ['null == null', true], ['null == false', false], ['true', true], ['false', false],
    ['kw.in', 3], ['n[1]', 'one'], ['xs[-1]', 30], ['xs[-3]', 10], ['xs.length', 3],
    ['1 + 1  ', 2], ['-'.repeat(64) + '1', 1], ['1 not in [2]', true],
    ['1 < 1', false], ['1 <= 1', true], ['2 <= 1', false], ['1 > 1', false], ['2 > 1', true], ['1 >= 1', true], ['0 >= 1', false],
    ['"a" < "b"', true], ['1 < 2 <= 2 < 3', true],
    ['[] == ""', false], ['r == []', false], ['[1] == 1', false], ['{} == {}', 'syntax'],
    ['approx(1, 2, 0.5)', true], ['approx(1, 2, 0.6)', true], ['approx(-1, -2, 0.6)', true], ['approx(1, 2, 0.4)', false],
    ['min(3)', 3], ['max(3)', 3], ['min([4, 2])', 2],
    ['keys(r)', ['a']], ['all([true, false])', false], ['all([])', true], ['any([false, true])', true], ['any([])', false],
    ['f(2)', 6], ['"a" in "abc"', true], ['"a" in r', true], ['"f" in r', false], ['"z" in r', false],
    ['"a" + "b"', 'ab'],
  ])('%s', (src, want) => {
    if (want === 'syntax') expect(() => parse(src)).toThrow(ExprError);
    else expect(evaluate(src, env)).toEqual(want);
  });
  it('records compare field by field', () => {
    expect(evaluate('p == q', { p: { a: 1, b: 2 }, q: { a: 1, b: 3 } })).toBe(false);
    expect(evaluate('p == q', { p: { a: 1 }, q: { a: 2 } })).toBe(false);
    expect(evaluate('p == q', { p: { a: 1, b: [2] }, q: { b: [2], a: 1 } })).toBe(true);
  });
  it.each([
    ['"a\\qb"', 'unknown escape "\\q" in a string'],
    ['x.1', 'expected a field name at 3 ("1")'],
    ['1 +', 'unexpected end of expression'],
    ['1 + )', 'unexpected ")" at 5'],
    ['1 + and', 'unexpected "and" at 5'],
    ['(1', 'expected ")" at the end'],
    ['[1, 2', 'expected "]" at the end'],
    ['f(1', 'expected ")" at the end'],
    ['1 2', 'unexpected "2" at 3'],
    ['1 not "in"', 'unexpected "not" at 3'],
    ['1 not true', 'unexpected "not" at 3'],
    ['-'.repeat(65) + '1', 'nested too deeply'],
    ['   ', 'an empty expression'],
    ['len()', 'len needs a list, a string or a record, got nothing'],
    ['len(inf)', 'len needs a list, a string or a record, got Infinity'],
    ['abs(g())', 'abs needs a number, got a function'],
    ['abs(long)', `abs needs a number, got "${'x'.repeat(116)}…`],
    ['abs(edge)', `abs needs a number, got "${'x'.repeat(118)}"`],
    ['null.x', 'cannot read "x" of null'],
    ['xs["a"]', 'a list is indexed by a whole number, not "a"'],
    ['xs[1.5]', 'a list is indexed by a whole number, not 1.5'],
    ['xs[-4]', 'index -4 is out of range (length 3)'],
    ['xs[3]', 'index 3 is out of range (length 3)'],
    ['r[true]', "a record's field is a name, not true"],
    ['r.b', 'no field "b" (there are: a)'],
    ['r.f', 'no field "f" (there are: a)'],
    ['big.zz', 'no field "zz" (there are: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11, …)'],
    ['twelve.zz', 'no field "zz" (there are: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11)'],
    ['1 < "a"', 'cannot compare 1 < "a"'],
    ['"a" < 1', 'cannot compare "a" < 1'],
    ['min([1, 2], 0)', 'min needs a number, got [1,2]'],
    ['max("a")', 'max needs a number, got "a"'],
    ['abs("a")', 'abs needs a number, got "a"'],
    ['floor("a")', 'floor needs a number, got "a"'],
    ['ceil("a")', 'ceil needs a number, got "a"'],
    ['sqrt("a")', 'sqrt needs a number, got "a"'],
    ['log2("a")', 'log2 needs a number, got "a"'],
    ['round(1, "a")', 'round needs a number, got "a"'],
    ['round("a")', 'round needs a number, got "a"'],
    ['approx("a", 1)', 'approx needs a number, got "a"'],
    ['approx(1, "a")', 'approx needs a number, got "a"'],
    ['approx(1, 1, "a")', 'approx needs a number, got "a"'],
    ['pluck("a", "x")', 'pluck needs a list, got "a"'],
    ['where("a", "x", 1)', 'where needs a list, got "a"'],
    ['count("a", 1)', 'count needs a list, got "a"'],
    ['argmax("a")', 'argmax needs a list, got "a"'],
    ['argmax([1, "a"])', 'argmax needs a number, got "a"'],
    ['argmin("a")', 'argmin needs a list, got "a"'],
    ['argmin([1, "a"])', 'argmin needs a number, got "a"'],
    ['sorted("a")', 'sorted needs a list, got "a"'],
    ['sorted([1, "a"])', 'sorted needs a list of numbers or of strings'],
    ['unique("a")', 'unique needs a list, got "a"'],
    ['keys(1)', 'keys needs a record, got 1'],
    ['all("x")', 'all needs a list, got "x"'],
    ['any("x")', 'any needs a list, got "x"'],
    ['y', 'unknown name "y" (the env has: xs, r)'],
    ['a()', 'unknown function "a"'],
    ['toString()', 'unknown function "toString"'],
    ['boom()', 'boom(…): boom'],
    ['oops()', 'oops(…): oops'],
    ['inner()', 'inner'],
    ['1 in "abc"', 'cannot look for 1 in a string'],
    ['1 in r', 'cannot look for 1 in a record'],
    ['"a" + 1', '"+" needs a number, got "a"'],
    ['"a" - "b"', '"-" needs a number, got "a"'],
    ['"a" * 2', '"*" needs a number, got "a"'],
    ['2 % "a"', '"%" needs a number, got "a"'],
  ])('%s: %s', (src, want) => {
    const big = Object.fromEntries(Array.from({ length: 13 }, (_, k) => [`k${k}`, k]));
    const twelve = Object.fromEntries(Array.from({ length: 12 }, (_, k) => [`k${k}`, k]));
    const env = {
      xs: [10, 20, 30], r: { a: 1, f() { return 1; } }, inf: Infinity, long: 'x'.repeat(200), edge: 'x'.repeat(118), big, twelve,
      g: () => () => 1, boom() { throw new Error('boom'); }, oops() { throw 'oops'; }, inner() { throw new ExprError('inner'); },
    };
    if (src === 'y') expect(msg(src, { xs: 1, r: 2, f: () => 1 })).toBe(want);
    else if (src === 'a()') expect(msg(src, { a: 1 })).toBe(want);
    else if (src === 'toString()') expect(msg(src, { a: 1 })).toBe(want);
    else expect(msg(src, env)).toBe(want);
  });
  it('calls no function of an env that is not a record', () => {
    expect(msg('g()', null)).toBe('unknown function "g"');
  });
});

describe('parse', () => {
  it('refuses what is not a non-empty string; takes 1000 characters, not 1001', () => {
    expect(() => parse(5)).toThrow(new ExprError('an empty expression'));
    expect(() => parse('x'.repeat(1000))).not.toThrow();
    expect(() => parse('x'.repeat(1001))).toThrow('longer than 1000 characters');
  });
});

describe('checkAssertions', () => {
  const lesson = { name: 'l', steps: [{ assert: ['x', '1 == 2', 'false', '3', 'true'] }, {}] };
  it('one record per failing assertion, steps 1-based', () => {
    expect(checkAssertions(lesson, 0, {})).toEqual([
      { lesson: 'l', step: 1, index: 0, expr: 'x', value: undefined, message: 'lesson l, step 1, assert[0] `x`: unknown name "x" (the env has: )' },
      { lesson: 'l', step: 1, index: 1, expr: '1 == 2', value: false, message: 'lesson l, step 1, assert[1] `1 == 2` is false (found 1 == 2)' },
      { lesson: 'l', step: 1, index: 2, expr: 'false', value: false, message: 'lesson l, step 1, assert[2] `false` is false' },
      { lesson: 'l', step: 1, index: 3, expr: '3', value: 3, message: 'lesson l, step 1, assert[3] `3` is 3, not true or false' },
    ]);
  });
  it('a step without assertions has no failures', () => {
    expect(checkAssertions(lesson, 1, {})).toEqual([]);
  });
});
