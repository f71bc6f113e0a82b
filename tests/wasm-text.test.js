// wasm-text.test.js — the browser module's "print" and "codegen" methods (the lab's IR and code panels):
// every stage's text is the reference's str(Graph) and codegen text (tests/golden/print/print.json,
// tests/golden/codegen/codegen.json) plus the newline the CLI writes, and the C program is the native CLI's
// `codegen --lang c`; bad requests are GraphLabErrors that name what is wrong, and nothing leaks.
// Build first: `make wasm native`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { createGraphLab, GraphLabError } from '../wasm/graphlab.mjs';
import { FIXTURES, GOLDEN, ROOT, runCli } from './helpers/compare.js';

const MODULE = join(ROOT, 'public', 'graphlab-core.mjs');
const PRINT = JSON.parse(readFileSync(join(GOLDEN, 'print', 'print.json'), 'utf8'));
const CODEGEN = JSON.parse(readFileSync(join(GOLDEN, 'codegen', 'codegen.json'), 'utf8'));
const caseOf = (name) => {
  const f = [join(FIXTURES, `${name}.json`), join(GOLDEN, `${name}.json`)].find(existsSync);
  return { file: f, obj: JSON.parse(readFileSync(f, 'utf8')) };
};

let gl;
beforeAll(async () => {
  if (!existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  gl = await createGraphLab();
}, 60_000);

describe('print', () => {
  it.each(Object.keys(PRINT))('%s: every stage is the reference\'s str(Graph)', (name) => {
    const { obj } = caseOf(name);
    const got = gl.print(obj).stages;
    expect(got.map((s) => s.key)).toEqual(Object.keys(PRINT[name]));
    for (const s of got) expect(s.text, `${name} ${s.key}`).toBe(`${PRINT[name][s.key]}\n`);
    // one stage on its own is the same text
    const last = got[got.length - 1];
    expect(gl.print(obj, last.key).stages).toEqual([last]);
  });
});

describe('codegen', () => {
  it.each(Object.keys(CODEGEN))('%s: Python of every stage is the reference\'s codegen text', (name) => {
    const { obj } = caseOf(name);
    for (const stage of Object.keys(CODEGEN[name])) {
      const r = gl.codegen(obj, { stage, lang: 'python' });
      expect(r).toEqual({ stage, lang: 'python', text: `${CODEGEN[name][stage]}\n` });
    }
    expect(gl.codegen(obj).stage).toBe(Object.keys(CODEGEN[name]).at(-1));   // default: the last stage
  });

  it('C is the native CLI\'s program, for every stage of a case with params', () => {
    const { file, obj } = caseOf('small_decode');
    for (const stage of Object.keys(PRINT.small_decode)) {
      const want = runCli('native', ['codegen', file, '--stage', stage, '--lang', 'c']);
      expect(want.status, want.stderr).toBe(0);
      expect(gl.codegen(obj, { stage, lang: 'c' }).text, stage).toBe(want.stdout);
    }
  });
});

describe('bad requests', () => {
  const { obj } = caseOf('small_prefill');
  const fails = (fn, re) => {
    let err;
    try { fn(); } catch (e) { err = e; }
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err.message).toMatch(re);
  };
  it('name what is wrong, and leave nothing allocated', () => {
    const before = gl.memoryStats();
    fails(() => gl.call('print', {}), /print: the request has no "case"/);
    fails(() => gl.call('codegen', { case: 3 }), /case must be an object/);
    fails(() => gl.print(obj, 'cse#9'), /stage "cse#9" is not a stage of this case/);
    fails(() => gl.codegen(obj, { lang: 'rust' }), /lang must be python or c, got "rust"/);
    fails(() => gl.codegen({ config: obj.config }, { lang: 'c' }), /shape-only graph cannot be compiled to C/);
    fails(() => gl.print({ config: { ...obj.config, G: 3 } }), /divisible/);
    fails(() => gl.call('print', '{"case": {}, "stage": 7}'), /stage/);
    expect(gl.memoryStats()).toBe(before);
    expect(gl.print(obj).stages.length).toBe(7);            // still usable
  });
});
