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

import { createGraphLab } from '../wasm/graphlab.mjs';
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

// Chains of iterators and generators nest C frames (next() inside next()): each must end in a clean error
// from the one depth counter or the step budget, on every build, the browser module included.
const TAIL = 'from graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n';
const HOSTILE = [
  ['map chain', 'm = [1]\nfor i in range(100000):\n    m = map(abs, m)\nprint(list(m))\n', /RecursionError/],
  ['generator chain', 'def g(it):\n    for x in it:\n        yield x\nm = [1]\nfor i in range(5000):\n    m = g(m)\nprint(list(m))\n', /RecursionError/],
  ['yield from chain', 'def g(it):\n    yield from it\nm = [1]\nfor i in range(5000):\n    m = g(m)\nprint(list(m))\n', /RecursionError/],
  ['genexp chain', 'g = (x for x in range(10))\nfor i in range(100000):\n    g = (x for x in g)\nprint(sum(g))\n', /RecursionError/],
  ['zip chain', 'def g():\n    yield 1\nit = g()\nfor i in range(100000):\n    it = zip(it, it)\nprint(list(it))\n', /RecursionError/],
  ['infinite generator', 'def f():\n    while True:\n        yield 1\nprint(list(f()))\n', /steps|over the limit/],
  ['infinite callable iterator', 'print(any(iter(int, 1)))\n', /steps/],
  ['recursive generator', 'def walk(n):\n    yield n\n    yield from walk(n + 1)\nprint(sum(walk(0)))\n', /RecursionError/],
];

describe('hostile iterator chains end in a clean error', () => {
  for (const kind of ['native', 'asan', 'wasi']) {
    it.runIf(haveBinary(kind))(kind, () => {
      for (const [name, src, re] of HOSTILE) {
        const t0 = Date.now();
        const r = runCli(kind, ['trace', '-'], { input: src + TAIL, env: kind === 'asan' ? ASAN_ENV : {} });
        expect(r.status, name).not.toBe(0);
        expect(r.signal, name).toBeNull();
        expect(r.stderr, name).toMatch(re);
        expect(r.stderr, name).not.toMatch(/Sanitizer|runtime error/);
        if (kind === 'native') expect(Date.now() - t0, name).toBeLessThan(2000);
      }
    }, 120_000);
  }
  it('wasm: the browser module survives every one, its heap returns', async () => {
    const gl = await createGraphLab();
    gl.trace(`x = 1\n${TAIL}`);
    const before = gl.memoryStats();
    for (const [name, src, re] of HOSTILE) {
      let err = null;
      try {
        gl.trace(src + TAIL, '<stdin>');
      } catch (e) {
        err = e;
      }
      expect(err, name).not.toBeNull();
      expect(err.message, name).toMatch(re);
    }
    expect(gl.memoryStats()).toBe(before);
    const ok = gl.trace(`print(sum(x * x for x in range(10)))\n${TAIL}`);
    expect(ok.console).toBe('285\n');
  }, 120_000);
});
