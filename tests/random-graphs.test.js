// random-graphs.test.js — the random-graph differential: every golden file of tests/golden/random/ (small
// graphs over every op and attribute, hand-written CSE-key and dce graphs; each pass of the reference applied
// alone, by tests/ref/random_graphs.py) through `graphlab passes` (native; ASan and WASI for a subset),
// compared exactly with what the reference returned (tests/ref/compare-random.mjs). Prints its case count.
// Build first: `make native build/graphlab_asan wasi`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { GOLDEN, requireBinary, runCli } from './helpers/compare.js';
import { checkFile, compareSet, parseLoose } from './ref/compare-random.mjs';

const DIR = join(GOLDEN, 'random');
const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => join(DIR, f)) : [];
const SUBSET = files.filter((f) => /cse_keys|dce|random_\d+_00/.test(basename(f)));
const counted = { native: 0, asan: 0, wasi: 0 };

afterAll(() => {
  console.log(`random-graphs: ${counted.native} cases through native, ${counted.asan} through ASan, `
    + `${counted.wasi} through WASI; 0 mismatches`);
});

describe('golden random graphs', () => {
  it('are present: a few hundred cases, the CSE-key and dce sets among them', () => {
    const n = files.reduce((s, f) => s + parseLoose(readFileSync(f, 'utf8')).length, 0);
    expect(n).toBeGreaterThanOrEqual(300);
    expect(files.map((f) => basename(f))).toEqual(expect.arrayContaining(['cse_keys.json', 'dce.json']));
  });

  it('the comparison catches a one-attr difference (a perm in the expected cse graph)', () => {
    const file = files.find((f) => basename(f) === 'cse_keys.json');
    const cases = parseLoose(readFileSync(file, 'utf8'));
    const proc = runCli('native', ['passes', file]);
    expect(proc.status, proc.stderr).toBe(0);
    const actual = parseLoose(proc.stdout);
    expect(compareSet(actual, cases)).toEqual([]);
    const c = cases.find((x) => x.name === 'cse-perm-differs');
    const node = c.expected[0].graph.nodes.find((n) => n[1] === 'transpose');
    node[3].perm = [...node[3].perm].reverse();
    expect(compareSet(actual, cases).join('\n')).toMatch(/cse-perm-differs cse\.nodes/);
  });
});

for (const [kind, list] of [['native', files], ['asan', SUBSET], ['wasi', SUBSET.slice(0, 2)]]) {
  describe(`${kind}: graphlab passes equals the reference`, () => {
    it.each(list.map((f) => [basename(f), f]))('%s', (_name, file) => {
      requireBinary(kind);
      const r = checkFile(file, kind);
      expect(r.mismatches).toEqual([]);
      counted[kind] += r.cases;
    });
  });
}
