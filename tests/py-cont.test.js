// py-cont.test.js — the cont lane's containers against CPython 3.11 as the oracle: dicts and sets as hash
// tables (insertion order; CPython's set table order for ints and tuples of ints), set literals and
// comprehensions, the set algebra, list / tuple / dict / set methods, dict views, slice assignment,
// list.sort, the bitwise operators, container reprs (recursive ones too) and errors. Each case of
// tests/golden/python/cont/<group>.py ran under CPython (record.py wrote <group>.json: the program, its
// stdout or its error); here `graphlab trace -` runs the same program: its print() output (stderr) must be
// CPython's stdout exactly, an error must name CPython's line, exception type and message. The scale group
// builds 200k-key dicts and sets under the default step budget (the time is in bench/, not here).
// Build first: `make native build/graphlab_asan wasi`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'cont');
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
  const want = `<stdin>:${c.error.line}:`;
  const msg = c.error.message ? `${c.error.type}: ${c.error.message}` : c.error.type;
  if (!r.stderr.includes(want) || !r.stderr.includes(msg)) return `expected ${want} ${msg}\ngot ${r.stderr.slice(0, 300)}`;
  return '';
}

describe('the cont lane\'s CPython table', () => {
  it('has at least 150 cases over every group', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(150);
    for (const g of ['dict', 'list', 'ops', 'scale', 'set']) expect(GROUPS.map((x) => x.group)).toContain(g);
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

describe('ASan + UBSan and WASI: every 5th case and the scale group', () => {
  const subset = ALL.filter((c, i) => i % 5 === 0 || c.group === 'scale');
  for (const kind of ['asan', 'wasi']) {
    it(`${kind}: ${subset.length} cases, 0 mismatches`, () => {
      const bad = subset.map((c) => [c.name, mismatch(kind, c)]).filter(([, m]) => m).map(([n, m]) => `${n}: ${m}`);
      expect(bad).toEqual([]);
    }, 600_000);
  }
});
