// py-stmt.test.js — the stmt lane of issue 30 against CPython 3.11 as the oracle: parameters (*args,
// **kwargs, keyword-only, positional-only, defaults made once), star-unpacking in calls, targets and
// displays, CPython's scoping (UnboundLocalError, global / nonlocal, closures' cells, comprehension scopes),
// del, assert, for / while ... else, the walrus, __main__, the tokenizer's rules, and CPython's messages.
//   - tests/golden/python/stmt/*.py with golden.json (make_golden.py, /usr/bin/python3 + the reference):
//     `graphlab trace NAME.py` prints what CPython printed (stderr), the reference's str() of the last
//     trace (stdout), or fails with CPython's exception, message and LINE:COL;
//   - syntax_errors.json (make_syntax.py from syntax_cases.py): CPython's SyntaxError / IndentationError /
//     TabError class, message, line and offset for each broken program, matched by `graphlab trace -`
//     except the few listed in KNOWN (each with the reason).
// Build first: `make build/graphlab build/graphlab_asan`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'stmt');
const { programs: PROGRAMS } = JSON.parse(readFileSync(join(DIR, 'golden.json'), 'utf8'));
const { cases: SYNTAX } = JSON.parse(readFileSync(join(DIR, 'syntax_errors.json'), 'utf8'));
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

// Where GraphLab knowingly differs from CPython, and why (the table records every other position).
const KNOWN = {
  invalid_syntax_keyword_as_name: "'class' is refused by name until the class lane's parser lands",
  string_prefix_bad: 'bytes literals (b"...") are not part of GraphLab\'s Python',
};

/** What a run shows against a golden record: [got, want] strings. */
function outcome(r, name) {
  // the error is the last line: what the program printed before it comes first, as CPython prints it
  const m = r.stderr.match(/(?:^|\n)graphlab: [a-z]+: (?:[^:\n]+):(\d+):(\d+): (.*)\n$/);
  if (r.status !== 0) return m ? `${m[1]}:${m[2]}: ${m[3]}` : `status ${r.status}: ${r.stderr}`;
  return { stdout: r.stdout, stderr: r.stderr, name };
}

function check(kind, p) {
  const r = runCli(kind, ['trace', join(DIR, `${p.name}.py`)], { env: kind === 'asan' ? ASAN_ENV : {} });
  expect(r.signal).toBeNull();
  expect(r.stderr).not.toMatch(/Sanitizer|runtime error/);
  if (p.error) {
    expect(r.status, r.stderr).toBe(1);
    expect(outcome(r)).toBe(p.error);
  } else {
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe(p.stdout);
    expect(r.stdout).toBe(`${p.text}\n`);
  }
}

describe('the stmt corpus', () => {
  it('has at least 80 programs, tracing ones and failing ones, and at least 60 syntax errors', () => {
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(80);
    expect(PROGRAMS.filter((p) => p.error).length).toBeGreaterThanOrEqual(20);
    expect(PROGRAMS.filter((p) => /^trace_/.test(p.name)).length).toBeGreaterThanOrEqual(6);
    expect(SYNTAX.filter((c) => !c.ok).length).toBeGreaterThanOrEqual(60);
  });
});

describe('native: each program does what CPython does', () => {
  it.each(PROGRAMS.map((p) => [p.name, p]))('%s', (_name, p) => check('native', p));
});

describe('asan: every 4th program, clean', () => {
  it.each(PROGRAMS.filter((_, i) => i % 4 === 0).map((p) => [p.name, p]))('%s', (_name, p) => check('asan', p), 60_000);
});

describe('native: syntax errors where CPython puts them', () => {
  const rows = SYNTAX.map((c) => {
    const r = runCli('native', ['trace', '-'], { input: c.source });
    const m = r.stderr.match(/^graphlab: parse: <stdin>:(\d+):(\d+): (\w+): (.*)\n$/);
    const got = m ? `${m[1]}:${m[2]}: ${m[3]}: ${m[4]}` : `status ${r.status}: ${r.stderr.trim()}`;
    const want = c.ok ? null : `${c.line}:${c.col}: ${c.exc}: ${c.msg}`;
    return { name: c.name, got, want, ok: c.ok ? !m : got === want, signal: r.signal };
  });
  it('matches every case but the known ones (class, message, line and column)', () => {
    const bad = rows.filter((x) => !x.ok && !KNOWN[x.name]).map((x) => `${x.name}: got ${x.got}, want ${x.want}`);
    const matched = rows.filter((x) => x.ok).length;
    console.log(`syntax errors: ${matched} of ${rows.length} match CPython 3.11 exactly; known differences: ${
      rows.filter((x) => !x.ok).map((x) => x.name).join(', ') || 'none'}`);
    expect(rows.every((x) => x.signal === null)).toBe(true);
    expect(bad).toEqual([]);
  });
});
