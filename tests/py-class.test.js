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

import { GOLDEN, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'class');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8'));
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

// default reprs carry an address: "<__main__.C object at 0x7f...>"
const mask = (s) => s.replace(/ at 0x[0-9a-f]+/g, ' at 0x?');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Why GraphLab's run of program p differs from CPython's, or null. */
function mismatch(kind, p) {
  const r = runCli(kind, ['trace', join(DIR, p.name)], { env: kind === 'asan' ? ASAN_ENV : {} });
  if (/Sanitizer|runtime error/.test(r.stderr)) return `sanitizer: ${r.stderr.slice(0, 400)}`;
  if (p.error) {
    const want = new RegExp(`${escape(p.name)}:${p.error.line}:\\d+: ${escape(p.error.text)}\\n?$`);
    if (r.status === 0) return `ran to the end; CPython: line ${p.error.line}: ${p.error.text}`;
    if (!want.test(r.stderr)) return `${r.stderr.trim().split('\n').pop()}; CPython: line ${p.error.line}: ${p.error.text}`;
    return null;
  }
  if (r.status !== 0) return `status ${r.status}: ${r.stderr.trim().split('\n').pop()}`;
  if (mask(r.stderr) !== mask(p.console)) {
    const a = mask(r.stderr).split('\n');
    const b = mask(p.console).split('\n');
    const i = a.findIndex((l, k) => l !== b[k]);
    return `printed line ${i + 1}: ${JSON.stringify(a[i])}; CPython: ${JSON.stringify(b[i])}`;
  }
  if (p.graph !== null && r.stdout !== `${p.graph}\n`) return `graph differs from the reference's:\n${r.stdout.slice(0, 400)}`;
  return null;
}

function check(kind, programs) {
  const bad = [];
  for (const p of programs) {
    const m = mismatch(kind, p);
    if (m) bad.push(`${p.name}: ${m}`);
  }
  return bad;
}

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
