// random-graphs.test.js — the random-graph differential: every golden file of tests/golden/random/ (small
// graphs over every op and attribute, hand-written CSE-key and dce graphs; each pass of the reference applied
// alone, by tests/ref/random_graphs.py) through `graphlab passes` (native; ASan and WASI for a subset),
// compared exactly with what the reference returned (tests/ref/compare-random.mjs). Prints its case count.
// Build first: `make native build/graphlab_asan wasi`.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { GOLDEN, requireBinary, runCli } from './helpers/compare.js';
import { checkFile, compareSet, parseLoose } from './ref/compare-random.mjs';

const DIR = join(GOLDEN, 'random');
const files = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.json')).sort().map((f) => join(DIR, f)) : [];
const SUBSET = files.filter((f) => /cse_keys|dce|fold_edges|random_\d+_00/.test(basename(f)));
const counted = { native: 0, asan: 0, wasi: 0 };
let mismatches = 0;

afterAll(() => {
  console.log(`random-graphs: ${counted.native} cases through native, ${counted.asan} through ASan, `
    + `${counted.wasi} through WASI; ${mismatches} mismatches`);
});

// Graphs `graphlab passes` must refuse (exit 1, one line naming the field), under ASan: x is [2, 3].
const X = '[0, "input", [], {}, [2, 3], "x"]';
const BAD = [
  ['a shape its op does not give', `[${X}, [1, "transpose", [0], {"perm": [1, 0]}, [2, 3], ""]]`,
    /graph\.nodes\[1\] \(transpose\) has shape \(2, 3\), but its inputs give \(3, 2\)/],
  ['a perm with a repeated axis', `[${X}, [1, "transpose", [0], {"perm": [1, 1]}, [3, 2], ""]]`,
    /graph\.nodes\[1\] \(transpose\): transpose perm is not a permutation/],
  ['matmul inner dims that differ', `[${X}, [1, "matmul", [0, 0], {}, [2, 3], ""]]`,
    /graph\.nodes\[1\] \(matmul\): matmul inner dims differ/],
  ['a missing attr', `[${X}, [1, "sum", [0], {"axis": 0}, [3], ""]]`, /graph\.nodes\[1\]\[3\] \(attrs\) needs "keepdims"/],
  ['an attr the op does not take', `[${X}, [1, "exp", [0], {"axis": 0}, [2, 3], ""]]`, /which exp does not take/],
  ['an input from the future', `[${X}, [1, "exp", [1], {}, [2, 3], ""]]`, /graph\.nodes\[1\]\[2\] \(inputs\)\[0\] must be 0\.\.0, got 1/],
  ['a const without a value', `[${X}, [1, "const", [], {}, [2], ""]]`, /graph\.values\.1 is missing/],
  ['a reshape that changes the element count', `[${X}, [1, "reshape", [0], {"shape": [5]}, [5], ""]]`,
    /cannot reshape \(2, 3\) \(6 elements\) into \(5,\)/],
];

describe('graphlab passes refuses malformed graphs (ASan)', () => {
  let dir;
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));
  it.each(BAD)('%s', (_what, nodes, message) => {
    requireBinary('asan');
    dir ??= mkdtempSync(join(tmpdir(), 'graphlab-passes-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, `{"graph": {"nodes": ${nodes}, "outputs": [1]}, "passes": ["cse"]}`);
    const r = runCli('asan', ['passes', file]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
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

for (const [kind, list] of [['native', files], ['asan', SUBSET], ['wasi', SUBSET.slice(0, 3)]]) {
  describe(`${kind}: graphlab passes equals the reference`, () => {
    it.each(list.map((f) => [basename(f), f]))('%s', (_name, file) => {
      requireBinary(kind);
      const r = checkFile(file, kind);
      mismatches += r.mismatches.length;
      expect(r.mismatches).toEqual([]);
      counted[kind] += r.cases;
    });
  });
}
