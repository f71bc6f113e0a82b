// py-gen.test.js — the gen lane of issue 30: the iterator protocol, generators, generator expressions and the
// lazy builtins (map / filter / zip / enumerate / reversed, any / all, sorted / sum / min / max), with CPython
// as the oracle. Every tests/golden/python/gen/NAME.py was run by tests/ref/py_gen.py: under CPython 3.11
// (python3) for the language programs, under /usr/bin/python3 with the reference module for graph_*.py, and
// what it printed (NAME.out), its uncaught exception (NAME.err: "LINE<TAB>Type: message") and the str() of
// its last trace (NAME.graph) were recorded. `graphlab trace NAME.py` must print the same (stderr), end with
// the same exception at the same line (FILE.py:LINE:COL: Type: message), and print the same graph (stdout):
// a generator that builds nodes while its consumer builds nodes too gives the reference's node order only
// when it runs as lazily as CPython runs it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, haveBinary, runCli } from './helpers/compare.js';

const DIR = join(GOLDEN, 'python', 'gen');
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

describe('the gen golden corpus', () => {
  it('holds at least 60 language programs, 10 graph programs and error programs', () => {
    const graphs = PROGRAMS.filter((p) => p.name.startsWith('graph_'));
    expect(PROGRAMS.length - graphs.length).toBeGreaterThanOrEqual(60);
    expect(graphs.length).toBeGreaterThanOrEqual(10);
    expect(graphs.filter((p) => !p.err).length).toBeGreaterThanOrEqual(10);
    expect(graphs.every((p) => p.err || p.graph !== null)).toBe(true);
    expect(PROGRAMS.filter((p) => p.err).length).toBeGreaterThanOrEqual(15);
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

describe.runIf(haveBinary('wasi'))('wasi: every 4th program', () => {
  it('0 mismatches', () => {
    expect(mismatches('wasi', PROGRAMS.filter((p, i) => i % 4 === 0 || p.name.startsWith('graph_')))).toEqual([]);
  }, 300_000);
});
