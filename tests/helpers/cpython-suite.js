// cpython-suite.js — one program of a CPython-oracle suite (tests/golden/python/<suite>/*.py with the
// expected.json tests/ref/class_programs.py wrote) against `graphlab trace`: the same printed text (stderr),
// the same graph as the reference's str(trace(...)) (stdout), or the same exception at the same line
// ("FILE.py:LINE:COL: ExcName: message"). Used by py-class.test.js, py-lib.test.js and py-slice.test.js (itOnEveryBuild: a suite's three builds);
// py-compat.test.js runs its suite through the browser module too (moduleMismatch).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

import { runCli } from './compare.js';

export const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

// default reprs carry an address: "<__main__.C object at 0x7f...>"
const mask = (s) => s.replace(/ at 0x[0-9a-f]+/g, ' at 0x?');
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Why GraphLab's run (kind: native / asan / wasi) of program p in dir differs from CPython's, or null. */
export function mismatch(kind, dir, p) {
  const r = runCli(kind, ['trace', join(dir, p.name)], { env: kind === 'asan' ? ASAN_ENV : {} });
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

/** Why the browser module's gl.trace(source) of program p differs from CPython's run, or null: the same printed
 *  text and graph, or a GraphLabError "FILE.py:LINE:COL: ExcName: message" at CPython's line. */
export function moduleMismatch(gl, dir, p) {
  const src = readFileSync(join(dir, p.name), 'utf8');
  let r;
  try {
    r = gl.trace(src, p.name);
  } catch (e) {
    if (!p.error) return `threw ${e.message}`;
    const want = new RegExp(`^${escape(p.name)}:${p.error.line}:\\d+: ${escape(p.error.text)}$`);
    return want.test(e.message) ? null : `${e.message}; CPython: line ${p.error.line}: ${p.error.text}`;
  }
  if (p.error) return `ran to the end; CPython: line ${p.error.line}: ${p.error.text}`;
  if (mask(r.console) !== mask(p.console)) return `printed ${JSON.stringify(r.console.slice(0, 200))}`;
  if (p.graph !== null && r.text !== `${p.graph}\n`) return `graph differs from the reference's:\n${r.text.slice(0, 400)}`;
  return null;
}

/** Every mismatch of programs, as "NAME: why". */
export function check(kind, dir, programs) {
  const bad = [];
  for (const p of programs) {
    const m = mismatch(kind, dir, p);
    if (m) bad.push(`${p.name}: ${m}`);
  }
  return bad;
}

/** The three builds' cases of a suite of recorded programs (native, then ASan + UBSan, then WASI), each
 *  expecting 0 mismatches; label names the suite in the native case's printed count. */
export function itOnEveryBuild(label, dir, programs) {
  it('native: every program as CPython runs it, 0 mismatches', () => {
    const bad = check('native', dir, programs);
    console.log(`${label} (native): ${programs.length} programs, ${bad.length} mismatches`);
    expect(bad).toEqual([]);
  }, 120_000);
  it('asan: the same under ASan + UBSan, no sanitizer report', () => {
    expect(check('asan', dir, programs)).toEqual([]);
  }, 300_000);
  it('wasi: the same on the WASI build', () => {
    expect(check('wasi', dir, programs)).toEqual([]);
  }, 300_000);
}
