// py-str.test.js — the str lane of issue 30: str as Unicode code points, every literal and escape, repr,
// the str methods, format specs / f-strings / str.format and %-formatting, checked against CPython 3.11.
// The programs in tests/golden/python/str/*.py print their results; the .out next to each is CPython's
// output (tools/gen-str-golden.py, with the stub graph_lab of tests/golden/python/stub). errors.json holds
// programs that end in an error: CPython's "ExcName: message" and line (and column, for a SyntaxError).
// Native and WASI run every program; ASan a subset. Build first: `make native wasi build/graphlab_asan`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'str');
const PROGRAMS = readdirSync(DIR).filter((f) => f.endsWith('.py')).sort();
const ERRORS = JSON.parse(readFileSync(join(DIR, 'errors.json'), 'utf8'));
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

function runProgram(kind, file) {
  return runCli(kind, ['trace', join('tests', 'golden', 'python', 'str', file)], { env: kind === 'asan' ? ASAN_ENV : {} });
}

/** Mismatching programs: print output (stderr before the trace's text) must be CPython's stdout. */
function programMismatches(kind, files) {
  const bad = [];
  for (const f of files) {
    const want = readFileSync(join(DIR, f.replace(/\.py$/, '.out')), 'utf8');
    const r = runProgram(kind, f);
    if (r.status !== 0 || r.stderr !== want) {
      const got = r.stderr.split('\n');
      const exp = want.split('\n');
      const i = got.findIndex((l, k) => l !== exp[k]);
      bad.push(`${f}: status ${r.status}; line ${i + 1}: got ${JSON.stringify(got[i])} want ${JSON.stringify(exp[i])}`);
    }
  }
  return bad;
}

function errorMismatches(kind, cases) {
  const bad = [];
  for (const c of cases) {
    const input = c.program_latin1 !== undefined ? Buffer.from(c.program_latin1, 'latin1') : c.program;
    const r = runCli(kind, ['trace', '-'], { input, env: kind === 'asan' ? ASAN_ENV : {} });
    const first = r.stderr.split('\n').find((l) => l.includes('<stdin>:')) || r.stderr;
    const m = /<stdin>:(\d+):(\d+): (.*)$/.exec(first);
    let ok = r.status !== 0 && m && !/Sanitizer|runtime error/.test(r.stderr);
    if (ok && c.error === null) ok = /limit|more than|over the/.test(m[3]);           // a budget error (CPython: MemoryError)
    else if (ok) ok = m[3] === c.error && Number(m[1]) === c.line && (c.col === null || Number(m[2]) === c.col);
    if (!ok) bad.push(`${c.name}: got ${first.trim()} want ${c.line}:${c.col}: ${c.error}`);
  }
  return bad;
}

describe('str golden programs (CPython 3.11 as the oracle)', () => {
  it('hold at least 10 programs, 200 printed lines and 80 error programs', () => {
    const lines = PROGRAMS.map((f) => readFileSync(join(DIR, f.replace(/\.py$/, '.out')), 'utf8').split('\n').length - 1)
      .reduce((a, b) => a + b, 0);
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(10);
    expect(lines).toBeGreaterThanOrEqual(200);
    expect(ERRORS.length).toBeGreaterThanOrEqual(80);
  });
});

for (const kind of ['native', 'wasi']) {
  describe(`${kind}: str programs print what CPython prints`, () => {
    it('every program, 0 mismatches', () => {
      const bad = programMismatches(kind, PROGRAMS);
      console.log(`str programs (${kind}): ${PROGRAMS.length} programs, ${bad.length} mismatches`);
      expect(bad).toEqual([]);
    }, 300_000);
    it('every error program ends in CPython\'s error at its line (and column for syntax errors)', () => {
      const bad = errorMismatches(kind, kind === 'wasi' ? ERRORS.filter((_, i) => i % 3 === 0) : ERRORS);
      console.log(`str errors (${kind}): ${ERRORS.length} programs, ${bad.length} mismatches`);
      expect(bad).toEqual([]);
    }, 300_000);
  });
}

describe('asan: str programs and errors', () => {
  it('every program and every 3rd error program, no sanitizer report', () => {
    expect(programMismatches('asan', PROGRAMS)).toEqual([]);
    expect(errorMismatches('asan', ERRORS.filter((_, i) => i % 3 === 0))).toEqual([]);
  }, 300_000);
});

describe('str work counts against the step budget', () => {
  const hostile = [
    ['search', 'h = "a" * 10**6\nn = "a" * 5000 + "b"\nfor i in range(1000):\n    x = h.find(n)\n'],
    ['count', 'h = "ab" * 400000\nfor i in range(100000):\n    x = h.count("ab")\n'],
    ['in', 'h = "a" * 10**6\nwhile True:\n    x = ("a" * 900 + "b") in h\n'],
    ['replace', 's = "x" * 10**6\nwhile True:\n    t = s.replace("x", "y")\n'],
    ['repeat', 'while True:\n    s = "ab" * 400000\n'],
    ['split', 's = "a " * 400000\nwhile True:\n    t = s.split()\n'],
  ];
  for (const [name, src] of hostile) {
    it(`${name}: ends with the step limit within a second or two`, () => {
      const t0 = Date.now();
      const r = runCli('native', ['trace', '-'], { input: `${src}from graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n` });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(/steps|limit|memory/);
      expect(Date.now() - t0).toBeLessThan(3000);
    });
  }
});
