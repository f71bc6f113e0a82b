// exercises.test.js — the "write a pass" exercises (web/lessons/exercises.js, issue 31), graded headless by the
// browser's own module: each reference solution is right, each wrong solution is refused with the message a
// student should see (literal fragments, written from what the bug does, not from the grader's output); the
// reference solution also traces and runs in the native CLI the same way (`graphlab pypass --judge`).
// Also: web/pass-sources.js is the lecture file's functions, regenerated (tools/gen-pass-sources.mjs).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { loadBrowserModule } from '../helpers/browser-module.js';
import { runCli } from '../helpers/compare.js';
import { EXERCISES, exerciseCase, gradePass, passFunction } from '../../web/lessons/exercises.js';
import { LECTURE_PASSES } from '../../web/pass-sources.js';
import { LECTURE_FILE, render } from '../../tools/gen-pass-sources.mjs';

let lab;
beforeAll(async () => {
  lab = await loadBrowserModule();
}, 120_000);

describe('five write-a-pass exercises', () => {
  it('there are at least five, each with two or more wrong solutions', () => {
    expect(EXERCISES.length).toBeGreaterThanOrEqual(5);
    for (const ex of EXERCISES) expect(ex.wrong.length).toBeGreaterThanOrEqual(2);
  });

  it.each(EXERCISES.map((e) => [e.id, e]))('%s: the reference is right, the wrong ones fail as they should', (_id, ex) => {
    const ok = gradePass(ex, ex.solution, lab);
    expect(ok, ok.message).toMatchObject({ correct: true });
    expect(ok.message).toMatch(/^Right: your pass keeps the result/);
    for (const w of ex.wrong) {
      const g = gradePass(ex, w.source, lab);
      expect(g.correct, `${ex.id}: a wrong solution was accepted`).toBe(false);
      expect(g.message).toContain(w.says);
    }
    // the starter is not already a solution
    expect(gradePass(ex, ex.starter, lab).correct).toBe(false);
  });

  it('the native CLI judges the reference solutions as the module does', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gl-ex-'));
    for (const ex of EXERCISES) {
      writeFileSync(join(dir, 'case.json'), JSON.stringify(exerciseCase(ex)));
      writeFileSync(join(dir, 'pass.py'), ex.solution);
      const r = runCli('native', ['pypass', join(dir, 'case.json'), '--pass', join(dir, 'pass.py'), '--name', ex.fn, '--at', 'trace', '--judge']);
      expect(r.status, r.stderr).toBe(0);
      const m = lab.pypass(exerciseCase(ex), ex.solution, ex.fn, { at: 'trace', judge: true });
      expect(r.stdout.split('\nhits:')[0] + '\n').toBe(m.text);
    }
  });

  it('the strength reduction is right only up to the last bits, and the judge says so', () => {
    const ex = EXERCISES.find((e) => e.id === 'div-to-mul');
    const g = gradePass(ex, ex.solution, lab);
    expect(g.verdict).toBe('last_bits');
    expect(g.message).toMatch(/up to the last bits: output 0 differs by \d\.\de-1[5-7] relative \(floating-point rounding, not a failure\)/);
  });

  it('a source without a function, and one naming another function', () => {
    const ex = EXERCISES[0];
    expect(gradePass(ex, 'x = 1\n', lab).message).toBe(`Your source defines no function: write def ${ex.fn}(g):`);
    expect(passFunction('def helper(n):\n    return n\n\ndef mine(g):\n    return g, 0\n', 'mine')).toBe('mine');
    expect(passFunction('def helper(n):\n    return n\n', 'mine')).toBe('helper');
  });
});

describe('the Passes panel opens the lecture source', () => {
  it('web/pass-sources.js is tools/gen-pass-sources.mjs\'s output (regenerate it when the lecture file changes)', () => {
    expect(readFileSync(new URL('../../web/pass-sources.js', import.meta.url), 'utf8')).toBe(render(readFileSync(LECTURE_FILE, 'utf8')));
  });

  it('each lecture pass alone, run by the module on the golden case, is the C pass', () => {
    const c = JSON.parse(readFileSync(new URL('../golden/golden_prefill_d40_h4_g2_dh10_T6_x2.json', import.meta.url), 'utf8'));
    for (const k of ['passes', 'graphs', 'eager', 'fused', 'memory', 'outputs', 'provenance', 'timing_ms']) delete c[k];
    const printed = lab.print(c).stages;
    for (const name of ['cse', 'constant_fold', 'simplify', 'decompose', 'fold_norm_weight', 'match_attention']) {
      const r = lab.pypass(c, LECTURE_PASSES[name], name, { judge: true });
      const i = printed.findIndex((s) => s.key === name);
      expect(r.text, name).toBe(printed[i].text.endsWith('\n') ? printed[i].text : `${printed[i].text}\n`);
      expect(r.judge.ok, name).toBe(true);
    }
  });
});
