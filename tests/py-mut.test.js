// py-mut.test.js — issue 36: Python's own edges, held to CPython 3.11's recorded behaviour
// (tests/golden/python/mut/edges.json, made by tests/ref/py_mut_edges.py: never by the code under test): the
// cases a plausible one-line bug in the front end gets wrong (`%` / `//` with negative operands, slices with
// negative steps, a repeated keyword argument, a comprehension's variable, `and` / `or` evaluating one side,
// bools in float arithmetic, `in range(...)` with a negative step, `is` against `==`, code-point columns, big
// ints, ...). Each snippet runs as `graphlab trace` with a trivial trace appended: what it prints (stderr) must
// be CPython's output, and a snippet CPython ends with an exception must end with the same exception
// ("Type: message") at the same line — and, for the Unicode-column cases, the same code-point column.
// `make mutate` runs it (step `py`) on the front end's mutants.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';
import { mismatch as suiteMismatch } from './helpers/cpython-suite.js';

const mismatch20 = (dir, p) => suiteMismatch('native', dir, p);

const CASES = JSON.parse(readFileSync(join(GOLDEN, 'python', 'mut', 'edges.json'), 'utf8'));
const TRACE = '\nfrom graph_lab import trace, F\ntrace(lambda x: F.exp(x), {"x": (2,)})\n';
const COLUMNS = new Set(['unicode_error_column', 'unicode_error_column_2']);

function mismatch(c) {
  const r = runCli('native', ['trace', '-'], { input: `${c.src}${TRACE}` });
  if (!c.err) {
    if (r.status !== 0) return `status ${r.status}: ${r.stderr.slice(-300)}`;
    return r.stderr === c.out ? null : `printed ${JSON.stringify(r.stderr)}, CPython printed ${JSON.stringify(c.out)}`;
  }
  if (r.status === 0) return `succeeded (printed ${JSON.stringify(r.stderr)}), CPython raised ${c.err.msg} at line ${c.err.line}`;
  const lines = r.stderr.trimEnd().split('\n');
  const m = /:(\d+):(\d+): (.*)$/.exec(lines[lines.length - 1]);
  if (!m) return `no LINE:COL error in ${JSON.stringify(r.stderr.slice(-300))}`;
  const bad = [];
  if (Number(m[1]) !== c.err.line) bad.push(`line ${m[1]}, CPython's ${c.err.line}`);
  if (m[3] !== c.err.msg) bad.push(`${JSON.stringify(m[3])}, CPython's ${JSON.stringify(c.err.msg)}`);
  if (COLUMNS.has(c.name) && Number(m[2]) !== c.err.col) bad.push(`column ${m[2]}, CPython's ${c.err.col} (code points)`);
  return bad.length ? bad.join('; ') : null;
}

describe('native: Python\'s edges as CPython 3.11 has them', () => {
  it('the table holds at least 40 cases, some ending in an exception', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(CASES.filter((c) => c.err).length).toBeGreaterThanOrEqual(10);
  });
  it.each(CASES.map((c) => [c.name, c]))('%s', (_name, c) => {
    expect(mismatch(c)).toBe(null);
  });
  // the step budget charges a concrete trace's matmul by its multiply-adds (output elements times the inner
  // dimension, / 64): 1000 matmuls of (1, 65536) @ (65536, 1) are ~1M steps, 2100 of them ~2.15M, past the 2M
  // budget — a matmul charged by its single output element would run all of them
  const mm = (n) => `from graph_lab import trace\nK = 65536\ndef f(x, w):\n    y = x @ w\n    for i in range(${n}):\n`
    + "        y = x @ w\n    return y\ng = trace(f, {'x': (1, K), 'w': (K, 1)}, example={'x': [[0.5] * K], 'w': [[2.0]] * K})\n"
    + "print('ok', g.outputs == g.outputs)\n";
  it('a concrete matmul is charged by its inner dimension: 1000 fit the step budget, 2100 do not', () => {
    const fit = runCli('native', ['trace', '-'], { input: mm(1000) });
    expect(fit.status, fit.stderr).toBe(0);
    const over = runCli('native', ['trace', '-'], { input: mm(2100) });
    expect(over.status).toBe(1);
    expect(over.stderr).toMatch(/:6:13: the program ran for more than 2000000 steps/);
  });
  // the depth budget (not CPython's numbers: its parser runs out of memory on this one; GraphLab's contract is a
  // clean RecursionError, never a crash of the C stack)
  it('200,000 nested unary minus: a RecursionError, not a crash', () => {
    const r = runCli('native', ['trace', '-'], { input: `x = ${'-'.repeat(200000)}1${TRACE}` });
    expect(r.signal ?? null).toBe(null);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/:1:\d+: RecursionError: maximum recursion depth exceeded/);
  });
  // the recursion limit's edges, recorded by CPython 3.11 running the program as a script (the compat suite's
  // program 20: the module's frame is one of the 1000, sys.setrecursionlimit both ways)
  it("recursion to CPython's limit: f(998) returns, f(999) raises, setrecursionlimit moves it", () => {
    const dir = join(GOLDEN, 'python', 'compat');
    const p = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')).find((c) => c.name === '20_recursion_depth.py');
    expect(p.console).toContain('998 998\n999 RecursionError maximum recursion depth exceeded\n');
    expect(mismatch20(dir, p)).toBe(null);
  });
});
