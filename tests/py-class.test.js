// py-class.test.js — the class lane against CPython: classes (methods, __init__, dunders, inheritance, super()),
// decorators (@staticmethod, @classmethod, @property, @dataclass + field, user decorators), isinstance / type /
// getattr & co., and exceptions (try / except / else / finally, raise [from], the built-in hierarchy, user
// exception classes), incl. Llama layers written with classes and traced. Each tests/golden/python/class/*.py
// was run by CPython 3.11 with the reference importable as graph_lab (tests/ref/class_programs.py →
// expected.json): `graphlab trace FILE.py` must print the same text (stderr), the same graph as the reference's
// str(trace(...)) (stdout), or end in the same exception at the same line: "FILE.py:LINE:COL: ExcName: message".
// Build first: `make native build/graphlab_asan wasi`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN } from './helpers/compare.js';
import { check as checkSuite } from './helpers/cpython-suite.js';

const DIR = join(GOLDEN, 'python', 'class');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));
const check = (kind, programs) => checkSuite(kind, DIR, programs);

describe('the class suite', () => {
  it('holds at least 60 programs: classes, decorators, dataclasses, exceptions, uncaught errors, traced layers', () => {
    expect(EXPECTED.length).toBeGreaterThanOrEqual(60);
    expect(EXPECTED.filter((p) => p.error).length).toBeGreaterThanOrEqual(10);
    expect(EXPECTED.filter((p) => /llama|layer|trace/.test(p.name)).length).toBeGreaterThanOrEqual(6);
  });
});

describe('native: graphlab trace against CPython and the reference', () => {
  it('every program, 0 mismatches', () => {
    const bad = check('native', EXPECTED);
    console.log(`class suite (native): ${EXPECTED.length} programs, ${bad.length} mismatches`);
    expect(bad).toEqual([]);
  }, 120_000);
});

describe('asan: the same, under ASan + UBSan', () => {
  it('every program, 0 mismatches, no sanitizer report', () => {
    expect(check('asan', EXPECTED)).toEqual([]);
  }, 300_000);
});

describe('wasi: a subset on the WASI build', () => {
  it('the traced layers and the uncaught exceptions', () => {
    const subset = EXPECTED.filter((p) => /llama|layer|uncaught_user|uncaught_in_trace|exc_basic|dataclass_basic/.test(p.name));
    expect(subset.length).toBeGreaterThanOrEqual(6);
    expect(check('wasi', subset)).toEqual([]);
  }, 300_000);
});
