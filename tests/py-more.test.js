// py-more.test.js — what the second session of issue 30 added, against CPython 3.11 as the oracle: the
// methods of numbers (float.is_integer / as_integer_ratio / hex, int.as_integer_ratio / bit_count,
// conjugate), classes derived from the built-in containers (class X(dict), class Y(list): the base's
// behaviour, methods, repr, super().__init__, overridden __getitem__ / __setitem__, __missing__), the
// mismatch classes the wider differential fuzzer found, and print() output before an uncaught exception
// (CPython writes the output, then the traceback: `graphlab trace` prints the output, then the error line).
// Each case of tests/golden/python/more/<group>.py ran under CPython (record.py wrote <group>.json: the
// program, its stdout or its error); `graphlab trace -` runs the same program: its print() output (stderr)
// must be CPython's stdout exactly, and an error must name CPython's line, exception type and message after
// the output CPython printed before it. Build first: `make native build/graphlab_asan wasi`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'more');
const GROUPS = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => ({ group: f.slice(0, -5), cases: JSON.parse(readFileSync(join(DIR, f), 'utf8')) }));
const ALL = GROUPS.flatMap((g) => g.cases.map((c) => ({ ...c, group: g.group })));
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

/** The mismatch of one case ('' when GraphLab agrees with CPython). */
function mismatch(kind, c) {
  const r = runCli(kind, ['trace', '-'], { input: c.program, env: kind === 'asan' ? ASAN_ENV : {} });
  if (/Sanitizer|runtime error/.test(r.stderr)) return `sanitizer: ${r.stderr.slice(0, 300)}`;
  if (!c.error) {
    if (r.status !== 0) return `expected success, got: ${r.stderr.slice(0, 300)}`;
    return r.stderr === c.stdout ? '' : `stdout\n--- CPython\n${c.stdout}--- GraphLab\n${r.stderr}`;
  }
  if (r.status === 0) return `expected ${c.error.type} at line ${c.error.line}, got success: ${r.stderr.slice(0, 200)}`;
  const msg = c.error.message ? `${c.error.type}: ${c.error.message}` : c.error.type;
  const want = `${c.stdout}graphlab: `;
  const at = `: <stdin>:${c.error.line}:`;
  if (!r.stderr.startsWith(want) || !r.stderr.slice(want.length).match(/^[a-z]+: /) || !r.stderr.includes(at) || !r.stderr.includes(msg)) {
    return `expected ${JSON.stringify(want)}…${at} ${msg}\ngot ${r.stderr.slice(0, 400)}`;
  }
  return '';
}

describe('the CPython table of the second session', () => {
  it('has its groups and at least 80 cases', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(80);
    for (const g of ['num', 'subclass', 'fuzzfix', 'console']) expect(GROUPS.map((x) => x.group)).toContain(g);
    expect(ALL.filter((c) => c.error && c.stdout).length).toBeGreaterThanOrEqual(5);
  });
});

for (const { group, cases } of GROUPS) {
  describe(`native: ${group}`, () => {
    for (const c of cases) {
      it(c.name, () => {
        expect(mismatch('native', c)).toBe('');
      });
    }
  });
}

describe('ASan + UBSan and WASI: every 4th case', () => {
  const subset = ALL.filter((c, i) => i % 4 === 0);
  for (const kind of ['asan', 'wasi']) {
    it(`${kind}: ${subset.length} cases, 0 mismatches`, () => {
      const bad = subset.map((c) => [c.name, mismatch(kind, c)]).filter(([, m]) => m).map(([n, m]) => `${n}: ${m}`);
      expect(bad).toEqual([]);
    }, 600_000);
  }
});
