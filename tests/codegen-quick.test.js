// codegen-quick.test.js — `graphlab codegen` in seconds, for `make mutate` (tests/codegen.test.js compiles ~130
// programs; this compiles four, cached under build/codegen-cache/ like it): the small prefill and decode
// fixtures' final stage as a C program reproduce the reference's outputs within 1e-12, the Python text of every
// stage of the small fixtures is the reference's codegen text (tests/golden/codegen/codegen.json), the program
// refuses input of the wrong size either way, and weights that are subnormal or negative zero come back
// exactly (hex-float literals; the expected doubles are written out here).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { compareArray, FIXTURES, GOLDEN, NATIVE, ROOT } from './helpers/compare.js';

const CACHE = join(ROOT, 'build', 'codegen-cache');
const FINAL = 'fold_norm_weight';
const PRINTED = JSON.parse(readFileSync(join(GOLDEN, 'print', 'print.json'), 'utf8'));
const TEXTS = JSON.parse(readFileSync(join(GOLDEN, 'codegen', 'codegen.json'), 'utf8'));

function cli(args, input) {
  const r = spawnSync(NATIVE, args, { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return r;
}

/** The C program of `file`'s stage, compiled (cached by its source's hash). */
function compiled(file, stage) {
  const gen = cli(['codegen', file, '--lang', 'c', ...(stage ? ['--stage', stage] : [])]);
  expect(gen.stderr).toBe('');
  expect(gen.status).toBe(0);
  mkdirSync(CACHE, { recursive: true });
  const exe = join(CACHE, createHash('sha256').update(['cc', '-std=c11', '-O2', gen.stdout].join('\0')).digest('hex').slice(0, 24));
  if (!existsSync(exe)) {
    writeFileSync(`${exe}.q.c`, gen.stdout);
    const cc = spawnSync('cc', ['-std=c11', '-O2', `${exe}.q.c`, '-lm', '-o', `${exe}.q`], { encoding: 'utf8' });
    expect(cc.stderr).toBe('');
    renameSync(`${exe}.q`, exe);
  }
  return exe;
}

function inputBytes(name, fx, stage) {
  const names = [...PRINTED[name][stage].matchAll(/^%\d+ += input\(\) {2}: \[[^\]]*\] {2}# (\S+)$/gm)].map((m) => m[1]);
  return Buffer.concat(names.map((n) => Buffer.from(fx.inputs[n].f64, 'base64')));
}
const binds = (fx) => Object.entries(fx.bind).map(([k, v]) => `${k}=${v}`);

describe.each(['small_prefill', 'small_decode'])('codegen, quickly: %s', (name) => {
  const file = join(FIXTURES, `${name}.json`);
  const fx = JSON.parse(readFileSync(file, 'utf8'));

  it('the final stage\'s C program reproduces the reference\'s outputs; wrong-sized input is refused', () => {
    const exe = compiled(file, FINAL);
    const input = inputBytes(name, fx, FINAL);
    const run = spawnSync(exe, binds(fx), { input, maxBuffer: 1 << 28 });
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
    let off = 0;
    const problems = [];
    fx.outputs[FINAL].forEach((exp, i) => {
      const n = exp.shape.reduce((a, c) => a * c, 1);
      problems.push(...compareArray({ shape: exp.shape, f64: Buffer.from(run.stdout.subarray(off, off + 8 * n)).toString('base64') },
        exp, `${name}[${i}]`, 1e-12));
      off += 8 * n;
    });
    expect(problems).toEqual([]);
    expect(off).toBe(run.stdout.length);
    const long = spawnSync(exe, binds(fx), { input: Buffer.concat([input, Buffer.alloc(8)]) });
    expect(long.status).toBe(1);
    expect(long.stderr.toString()).toBe(`compiled: the input has ${input.length + 8} bytes, the inputs take ${input.length}\n`);
    const short = spawnSync(exe, binds(fx), { input: input.subarray(0, input.length - 8) });
    expect(short.status).toBe(1);
  });

  it('the Python text of every stage is the reference\'s', () => {
    for (const [stage, want] of Object.entries(TEXTS[name])) {
      const r = cli(['codegen', file, '--stage', stage]);
      expect(r.stderr, `${name} ${stage}`).toBe('');
      expect(r.stdout.replace(/\n$/, ''), `${name} ${stage}`).toBe(want);
    }
  });
});

describe('codegen, quickly: exact constants', () => {
  it('subnormal, tiny and negative-zero constants come back exactly', () => {
    const file = join(ROOT, 'build', 'codegen-cache', 'consts.json');
    mkdirSync(join(ROOT, 'build', 'codegen-cache'), { recursive: true });
    writeFileSync(file, JSON.stringify({ program: 'from graph_lab import F, trace\n'
      + 'g = trace(lambda x: (x * 1e-310, x * 5e-324, x * -0.0, x * 2.5e-308), {"x": (2,)})\n' }));
    const exe = compiled(file, null);
    const input = Buffer.alloc(16);
    input.writeDoubleLE(1, 0);
    input.writeDoubleLE(-3, 8);
    const run = spawnSync(exe, [], { input });
    expect(run.stderr.toString()).toBe('');
    const out = [];
    for (let i = 0; i < run.stdout.length; i += 8) out.push(run.stdout.readDoubleLE(i));
    expect(out).toEqual([1e-310, -3e-310, 5e-324, -1.5e-323, -0, 0, 2.5e-308, -7.5e-308]);
  });
});
