// py-int.test.js — the int lane of issue 30: Python's numbers as CPython 3.11 has them (arbitrary-precision
// int, exact int/float comparison, correctly rounded true division and int → float, floor // and % with
// signs and -0.0, round / divmod / pow / hash / int(str, base) / float(str) / bin / hex / oct / bit_length),
// and the graph_lab API a program imports (graph_*.py: checked against the reference's str(trace(...))).
// Every tests/golden/python/int/NAME.py was run by tests/ref/py_int.py: under CPython 3.11 for the language
// programs, under /usr/bin/python3 with the reference module for graph_*.py; what it printed (NAME.out), its
// uncaught exception (NAME.err: "LINE<TAB>Type: message") and the str() of its last trace (NAME.graph) were
// recorded. `graphlab trace NAME.py` must print the same (stderr), stop with the same exception at the same
// line, and print the same graph (stdout). The last block checks what CPython cannot be the oracle for:
// sizes CPython would hang on are a clear limit error at once.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, haveBinary, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'int');
const PROGRAMS = readdirSync(DIR).filter((f) => f.endsWith('.py')).sort().map((f) => {
  const base = join(DIR, f.slice(0, -3));
  const read = (ext) => (existsSync(base + ext) ? readFileSync(base + ext, 'utf8') : null);
  return { name: f.slice(0, -3), file: join(DIR, f), out: read('.out'), err: read('.err'), graph: read('.graph') };
});
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

/** The mismatches of one run against the recorded CPython / reference behaviour ([] when equal). */
function check(kind, p) {
  const r = runCli(kind, ['trace', p.file], { env: kind === 'asan' ? ASAN_ENV : {} });
  const bad = [];
  if (/Sanitizer|runtime error/.test(r.stderr)) bad.push(`sanitizer: ${r.stderr.slice(0, 300)}`);
  if (p.err) {
    const [line, msg] = p.err.trimEnd().split('\t');
    const m = r.stderr.match(new RegExp(`${p.name}\\.py:(\\d+):(\\d+): (.*)`));
    if (r.status === 0) bad.push('expected an error, the program succeeded');
    else if (!m) bad.push(`no FILE:LINE:COL error in ${JSON.stringify(r.stderr.slice(-300))}`);
    else {
      if (m[1] !== line) bad.push(`error at line ${m[1]}, CPython's is line ${line}`);
      if (m[3] !== msg) bad.push(`error ${JSON.stringify(m[3])}, CPython's is ${JSON.stringify(msg)}`);
    }
    return bad;
  }
  if (r.status !== 0) return [...bad, `status ${r.status}: ${r.stderr.slice(0, 300)}`];
  if (r.stderr !== p.out) bad.push(`printed ${JSON.stringify(r.stderr.slice(0, 400))}, CPython printed ${JSON.stringify(p.out.slice(0, 400))}`);
  if (p.graph !== null && r.stdout !== `${p.graph}\n`) bad.push(`graph differs from the reference's:\n${r.stdout.slice(0, 600)}`);
  return bad;
}

function mismatches(kind, programs) {
  return programs.flatMap((p) => check(kind, p).map((m) => `${p.name}: ${m}`));
}

describe('the int golden corpus', () => {
  it('holds number programs (150+ expressions), error programs and graph programs', () => {
    const lang = PROGRAMS.filter((p) => !p.name.startsWith('graph_') && !p.err);
    const exprs = lang.reduce((n, p) => n + (readFileSync(p.file, 'utf8').match(/print\(/g) || []).length, 0);
    expect(exprs).toBeGreaterThanOrEqual(80);          // print lines, each of several expressions
    expect(PROGRAMS.filter((p) => p.err).length).toBeGreaterThanOrEqual(40);
    expect(PROGRAMS.filter((p) => p.name.startsWith('graph_')).every((p) => p.graph !== null)).toBe(true);
  });
});

describe('native: graphlab trace behaves as CPython / the reference', () => {
  for (const p of PROGRAMS) {
    it(p.name, () => {
      expect(check('native', p)).toEqual([]);
    });
  }
});

describe('asan: every program, sanitizers clean', () => {
  it('0 mismatches', () => {
    expect(mismatches('asan', PROGRAMS)).toEqual([]);
  }, 300_000);
});

describe.runIf(haveBinary('wasi'))('wasi: every 4th program and every graph program', () => {
  it('0 mismatches', () => {
    expect(mismatches('wasi', PROGRAMS.filter((p, i) => i % 4 === 0 || p.name.startsWith('graph_')))).toEqual([]);
  }, 300_000);
});

/** Runs a program from stdin; {status, stderr, ms}. */
function runSrc(src, kind = 'native') {
  const t0 = Date.now();
  const r = runCli(kind, ['trace', '-'], { input: `${src}\nfrom graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n` });
  return { ...r, ms: Date.now() - t0 };
}

describe('sizes CPython would hang on: a clear error at once, never a hang or an OOM', () => {
  const cases = [
    ['x = 2 ** 2 ** 40', /1:5: MemoryError: the int would have about \d+ bits; GraphLab's limit is 1048576 bits/],
    ['x = 1 << 2 ** 40', /MemoryError: the int would have/],
    ['x = 10 ** 10 ** 9', /MemoryError: the int would have/],
    ['x = 7\nfor i in range(100):\n    x = x * x', /3:9: MemoryError: the int would have/],
    ['x = 3 ** 600000\ny = x * x * x', /(MemoryError: the int would have|ran for more than)/],
    ['x = 3 ** 300000\nfor i in range(10000):\n    y = x * x', /ran for more than \d+ steps/],
  ];
  for (const [src, re] of cases) {
    it(src.split('\n').join(' ⏎ '), () => {
      const r = runSrc(src);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(re);
      expect(r.ms).toBeLessThan(3000);
    });
  }
});

describe('where GraphLab must differ from CPython, it says so', () => {
  it('a negative number to a fractional power is complex in Python: a clear error', () => {
    const r = runSrc('x = (-8) ** (1 / 3)');
    expect(r.stderr).toMatch(/1:5: ValueError: complex numbers are not supported: -8\.0 \*\* 0\.3333333333333333 is complex in Python/);
  });
  it('a big int flowing into a tensor op is converted like numpy (OverflowError beyond float64)', () => {
    const ok = runCli('native', ['trace', '-'], { input: 'from graph_lab import trace\ng = trace(lambda x: x * 2 ** 70, {"x": (2,)})\n' });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('const');
    const bad = runCli('native', ['trace', '-'], { input: 'from graph_lab import trace\ng = trace(lambda x: x * 10 ** 400, {"x": (2,)})\n' });
    expect(bad.stderr).toMatch(/2:\d+: OverflowError: int too large to convert to float/);
  });
  it('a big int as a shape dim is refused with the ssize_t message', () => {
    const r = runCli('native', ['trace', '-'], { input: 'from graph_lab import trace, F\ng = trace(lambda x: F.exp(x), {"x": (2 ** 64,)})\n' });
    expect(r.stderr).toMatch(/OverflowError: Python int too large to convert to C ssize_t/);
  });
});
