// student-programs.test.js — programs as students write them (tests/golden/student/programs.json (not in golden/programs: programs.test.js reads every file there), made by
// tests/ref/student_programs.py: the reference exec'd each program as __main__ and recorded str() of its last
// trace, the default pipeline's per-pass counts, everything it printed, and for a program that raises its
// exception's class, message and line). `graphlab trace` must print the same graph on stdout and the same
// text on stderr; a program that raises must fail at the same line with the same class and message.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';

const PROGRAMS = JSON.parse(readFileSync(join(GOLDEN, 'student', 'programs.json'), 'utf8'));

/** Why program p's run differs from the reference's, or null. */
function mismatch(kind, p) {
  const r = runCli(kind, ['trace', '-'], { input: p.program });
  if (/Sanitizer|runtime error/.test(r.stderr)) return `sanitizer: ${r.stderr.slice(0, 300)}`;
  if (p.error) {
    const want = `<stdin>:${p.error.line}:`;
    const msg = `${p.error.type}: ${p.error.message}`;
    if (r.status === 0) return `ran to the end, the reference raised ${msg}`;
    if (!r.stderr.includes(want) || !r.stderr.includes(msg)) return `error ${r.stderr.trim().slice(0, 200)}; want line ${p.error.line}, ${msg}`;
    return null;
  }
  if (r.status !== 0) return `status ${r.status}: ${r.stderr.trim().slice(0, 200)}`;
  if (r.stdout !== `${p.text}\n`) return 'graph text differs';
  if (r.stderr !== p.console) return `printed ${JSON.stringify(r.stderr.slice(0, 160))}, want ${JSON.stringify(p.console.slice(0, 160))}`;
  return null;
}

describe('student programs (the reference as oracle)', () => {
  it('hold at least 300 programs over every template', () => {
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(300);
  });

  it('native: every program prints the reference\'s graph and output, or fails where it does', () => {
    const bad = [];
    for (const p of PROGRAMS) {
      const why = mismatch('native', p);
      if (why) bad.push(`${p.name}: ${why}`);
    }
    console.log(`student programs (native): ${PROGRAMS.length} programs, ${bad.length} mismatches`);
    expect(bad).toEqual([]);
  }, 300_000);

  it('native: a case with the program gives the reference\'s per-pass counts (nodes / ops / hits)', () => {
    const bad = [];
    const traced = PROGRAMS.filter((p) => p.passes);
    for (const p of traced) {
      // decode programs use the symbols S and P (any values: the counts do not depend on them)
      const text = JSON.stringify({ case: p.name, program: p.program, bind: { S: 16, P: 15 },
        emit: { graphs: false, provenance: false, kernels: false } });
      const r = runCli('native', ['case', '-', '--compact'], { input: text });
      const got = r.status === 0 ? JSON.parse(r.stdout).passes : r.stderr.trim();
      if (JSON.stringify(got) !== JSON.stringify(p.passes)) bad.push(`${p.name}: ${JSON.stringify(got).slice(0, 200)}`);
    }
    console.log(`student programs, per-pass counts (native): ${traced.length} programs, ${bad.length} mismatches`);
    expect(traced.length).toBeGreaterThanOrEqual(280);
    expect(bad).toEqual([]);
  }, 300_000);

  for (const kind of ['asan', 'wasi']) {
    it(`${kind}: every 10th program`, () => {
      const bad = [];
      for (const p of PROGRAMS.filter((_, i) => i % 10 === 0)) {
        const why = mismatch(kind, p);
        if (why) bad.push(`${p.name}: ${why}`);
      }
      expect(bad).toEqual([]);
    }, 300_000);
  }
});
