// print.test.js — `graphlab print FILE --stage NAME` against the reference's str(Graph), character for
// character, for every stage of every case (tests/fixtures/ and tests/golden/): the native CLI per stage, the
// WASI build per case (all stages in one `graphlab print FILE`, "== stage ==" blocks) and per stage for the
// final stage. Golden text: tests/golden/print/print.json, made by `tools/make-golden.py --print`.
// Build first: `make native wasi`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { FIXTURES, GOLDEN, referenceCaseFiles, runCli } from './helpers/compare.js';

const texts = JSON.parse(readFileSync(join(GOLDEN, 'print', 'print.json'), 'utf8'));
const caseFile = (name) => [join(FIXTURES, `${name}.json`), join(GOLDEN, `${name}.json`)].find((f) => existsSync(f));
const names = Object.keys(texts);

function print(kind, args) {
  const r = runCli(kind, ['print', ...args]);
  expect(r.stderr, args.join(' ')).toBe('');
  expect(r.status, args.join(' ')).toBe(0);
  return r.stdout;
}

describe('print.json', () => {
  it('covers every stage of every reference case', () => {
    const cases = referenceCaseFiles().map((f) => f.slice(f.lastIndexOf('/') + 1, -'.json'.length));
    expect(names.sort()).toEqual(cases.sort());
    for (const name of names) {
      const stages = JSON.parse(readFileSync(caseFile(name), 'utf8')).passes.map((p) => p.name);
      expect(Object.keys(texts[name]), name).toEqual(stages);
    }
  });
});

describe('native: graphlab print FILE --stage NAME equals str(Graph)', () => {
  it.each(names)('%s', (name) => {
    for (const [stage, want] of Object.entries(texts[name])) {
      const got = print('native', [caseFile(name), '--stage', stage]);
      expect(got, `${name} ${stage}`).toBe(`${want}\n`);
    }
  });
});

describe('WASI: graphlab print FILE equals str(Graph) for every stage', () => {
  it.each(names)('%s', (name) => {
    const want = Object.entries(texts[name]).map(([stage, t]) => `== ${stage} ==\n${t}\n`).join('\n');
    expect(print('wasi', [caseFile(name)])).toBe(want);
    const [stage, t] = Object.entries(texts[name]).at(-1);
    expect(print('wasi', [caseFile(name), '--stage', stage])).toBe(`${t}\n`);
  });
});
