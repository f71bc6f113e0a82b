// gelu.test.js — the op added by the README's "Adding an op" recipe: tests/golden/ops/gelu.json (the reference
// extended with gelu in tests/ref/gelu.py only; every pass alone on graphs with gelu, constant_fold at the
// numeric edges, random graphs with gelu among the unary ops) through `graphlab passes` natively, under ASan
// and under WASI, compared exactly as the random-graph suite compares (tests/ref/compare-random.mjs).
// Build first: `make native build/graphlab_asan wasi`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, requireBinary, runCli } from './helpers/compare.js';
import { checkFile, compareSet, parseLoose } from './ref/compare-random.mjs';

const FILE = join(GOLDEN, 'ops', 'gelu.json');
const cases = parseLoose(readFileSync(FILE, 'utf8'));

describe('gelu golden data', () => {
  it('holds gelu in every case, its decomposition (tanh, no gelu left) and folded numbers', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
    for (const c of cases) expect(c.graph.nodes.some((n) => n[1] === 'gelu'), c.name).toBe(true);
    const mlp = cases.find((c) => c.name === 'gelu-mlp');
    const dec = mlp.expected.find((e) => e.pass === 'decompose').graph.nodes.map((n) => n[1]);
    expect(dec).not.toContain('gelu');
    expect(dec.filter((op) => op === 'tanh')).toHaveLength(3);
    const fold = cases.find((c) => c.name === 'gelu-fold-edges').expected[0].graph;
    expect(fold.nodes.map((n) => n[1])).toEqual(['const']);
  });

  it('the comparison sees a wrong decomposition constant', () => {
    requireBinary('native');
    const proc = runCli('native', ['passes', FILE]);
    expect(proc.status, proc.stderr).toBe(0);
    const actual = parseLoose(proc.stdout);
    expect(compareSet(actual, cases)).toEqual([]);
    const broken = parseLoose(readFileSync(FILE, 'utf8'));
    const dec = broken.find((c) => c.name === 'gelu-and-silu').expected.find((e) => e.pass === 'decompose').graph;
    const c = dec.nodes.find((n) => n[1] === 'const' && n[3].value === 0.044715);
    c[3].value = 0.0447;
    expect(compareSet(actual, broken).join('\n')).toMatch(/gelu-and-silu decompose\.nodes/);
  });
});

for (const kind of ['native', 'asan', 'wasi']) {
  it(`${kind}: graphlab passes equals the extended reference on gelu graphs`, () => {
    requireBinary(kind);
    const r = checkFile(FILE, kind);
    expect(r.mismatches).toEqual([]);
    expect(r.cases).toBe(cases.length);
  });
}
