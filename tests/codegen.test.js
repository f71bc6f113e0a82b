// codegen.test.js — `graphlab codegen FILE --lang c` end to end: for each concrete fixture, generate the C
// program of the final stage (fold_norm_weight), compile it with the system C compiler (cc -std=c11 -O2),
// run it on the fixture's inputs (little-endian float64 on stdin, binds as SYM=value arguments) and compare
// its outputs with the reference's outputs for that stage within 1e-12 (compare.js's compareArray).
// Also: the Python text of the same stage, and the CLI's errors.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { compareArray, FIXTURES, GOLDEN, NATIVE, ROOT } from './helpers/compare.js';

const BIN = process.env.GRAPHLAB_BIN ?? NATIVE;   // another build of the CLI can be tested by path
const CC = process.env.CC ?? 'cc';
const CONCRETE = ['small_prefill', 'small_decode', 'small_decode_masked'];
const FINAL = 'fold_norm_weight';

let dir;

function cli(args, input) {
  const r = spawnSync(BIN, args, { cwd: ROOT, encoding: input === undefined ? 'utf8' : undefined, input,
    maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return r;
}

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build it with \`make native\``);
  dir = mkdtempSync(join(tmpdir(), 'graphlab-codegen-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The fixture's inputs in the graph's input-node order, as one little-endian float64 buffer. */
function inputBytes(fx) {
  const names = Object.entries(fx.graphs[FINAL].input_names).sort((a, b) => a[1] - b[1]).map(([n]) => n);
  return Buffer.concat(names.map((n) => {
    if (!fx.inputs[n]) throw new Error(`fixture has no input ${n}`);
    return Buffer.from(fx.inputs[n].f64, 'base64');
  }));
}

describe.each(CONCRETE)('C codegen: %s', (name) => {
  const file = join(FIXTURES, `${name}.json`);
  const fx = JSON.parse(readFileSync(file, 'utf8'));

  it('compiles with cc -std=c11 -O2 and reproduces the final stage outputs within 1e-12', () => {
    const gen = cli(['codegen', file, '--lang', 'c']);
    expect(gen.stderr).toBe('');
    expect(gen.status).toBe(0);
    expect(gen.stdout).toContain('int main(int argc, char **argv)');
    const src = join(dir, `${name}.c`);
    const exe = join(dir, name);
    writeFileSync(src, gen.stdout);
    const cc = spawnSync(CC, ['-std=c11', '-O2', src, '-lm', '-o', exe], { encoding: 'utf8' });
    if (cc.error) throw cc.error;
    expect(cc.stderr).toBe('');
    expect(cc.status).toBe(0);

    const binds = Object.entries(fx.bind).map(([k, v]) => `${k}=${v}`);
    const run = spawnSync(exe, binds, { input: inputBytes(fx), maxBuffer: 1 << 28 });
    if (run.error) throw run.error;
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);

    const expected = fx.outputs[FINAL];
    let off = 0;
    const problems = [];
    expected.forEach((exp, i) => {
      const n = exp.shape.reduce((a, b) => a * b, 1);
      const bytes = run.stdout.subarray(off, off + 8 * n);
      off += 8 * n;
      problems.push(...compareArray({ shape: exp.shape, f64: Buffer.from(bytes).toString('base64') }, exp,
        `outputs.${FINAL}[${i}]`, 1e-12));
    });
    expect(off).toBe(run.stdout.length);
    expect(problems).toEqual([]);
  });

  it('--text prints one hex float per value; a wrong symbol or short input is one clear error', () => {
    const exe = join(dir, name);
    const binds = Object.entries(fx.bind).map(([k, v]) => `${k}=${v}`);
    const text = spawnSync(exe, [...binds, '--text'], { input: inputBytes(fx), encoding: 'utf8' });
    expect(text.status).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^# output 0 \(node \d+\) \(/);
    const total = fx.outputs[FINAL].reduce((s, o) => s + o.shape.reduce((a, b) => a * b, 1), 0);
    expect(lines.filter((l) => !l.startsWith('#')).length).toBe(total);

    const short = spawnSync(exe, binds, { input: inputBytes(fx).subarray(0, 16) });
    expect(short.status).toBe(1);
    expect(short.stderr.toString()).toMatch(/^compiled: input '.+' .* needs \d+ float64 values/);
    if (binds.length) {
      // the case's bind is the default; another S makes the same bytes the wrong size
      const other = spawnSync(exe, ['S=4', 'P=3'], { input: inputBytes(fx) });
      expect(other.status).toBe(1);
      expect(other.stderr.toString()).toMatch(/^compiled: the input has \d+ bytes, the inputs take \d+/);
      const bad = spawnSync(exe, ['Q=1'], { input: inputBytes(fx) });
      expect(bad.status).toBe(1);
      expect(bad.stderr.toString()).toMatch(/^compiled: Q=1: this graph has no such symbol/);
    }
  });

  it('--lang python prints the reference codegen text of the final stage', () => {
    const r = cli(['codegen', file]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const nodes = fx.graphs[FINAL].nodes;
    expect(lines[0]).toBe('def compiled(inputs, V):');
    expect(lines.length).toBe(nodes.length + 2);
    expect(lines[1]).toBe(`    v0 = inputs['x']`);
    expect(lines.at(-1)).toBe(`    return [${fx.graphs[FINAL].outputs.map((o) => `v${o}`).join(', ')}]`);
  });
});

// The reference's own codegen(g)[0] for every stage of the fixtures and our golden cases (up to 400 nodes),
// made by tools/make-golden.py --codegen: our Python text must be the same, character for character.
describe('codegen --lang python equals the reference\'s codegen text', () => {
  const texts = JSON.parse(readFileSync(join(GOLDEN, 'codegen', 'codegen.json'), 'utf8'));
  const caseFile = (name) => [join(FIXTURES, `${name}.json`), join(GOLDEN, `${name}.json`)].find((f) => existsSync(f));
  it('covers the fixtures and the golden cases', () => {
    expect(Object.keys(texts).length).toBeGreaterThanOrEqual(20);
    for (const name of Object.keys(texts)) expect(caseFile(name), name).toBeTruthy();
  });
  it.each(Object.keys(texts))('%s: every stage', (name) => {
    const file = caseFile(name);
    for (const [stage, want] of Object.entries(texts[name])) {
      const r = cli(['codegen', file, '--stage', stage]);
      expect(r.stderr, `${name} ${stage}`).toBe('');
      expect(r.stdout.replace(/\n$/, ''), `${name} ${stage}`).toBe(want);
    }
  }, 120_000);
});

describe('codegen CLI errors', () => {
  it('rejects a bad --lang, an unknown stage and a shape-only case for C', () => {
    const file = join(FIXTURES, 'small_prefill.json');
    let r = cli(['codegen', file, '--lang', 'rust']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--lang must be python or c/);
    r = cli(['codegen', file, '--stage', 'nope']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^graphlab: invalid: --stage "nope" is not a stage of this case/);
    expect(r.stderr.trim().split('\n').length).toBe(1);
    r = cli(['codegen', join(FIXTURES, 'llama8b_decode_4096.json'), '--lang', 'c']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/has no value \(a shape-only graph cannot be compiled to C/);
    r = cli(['codegen', join(FIXTURES, 'llama8b_decode_4096.json'), '--stage', 'trace']);
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('def compiled(inputs, V):\n')).toBe(true);
  });
});
