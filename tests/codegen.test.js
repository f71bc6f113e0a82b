// codegen.test.js — `graphlab codegen FILE --lang c` end to end: for every stage of every concrete case
// (tests/fixtures/ and tests/golden/), generate the stage's C program, compile it with the system C compiler
// (cc -std=c11 -O2), run it on the case's inputs (little-endian float64 on stdin in input-node order, binds as
// SYM=value arguments) and compare its outputs with the reference's outputs for that stage within 1e-12
// (compare.js's compareArray). Compiling ~130 programs is most of the time: two cc at a time, and each
// executable is cached under build/codegen-cache/ by a hash of its source and flags (a changed generator makes
// new sources, so the cache never hides a change).
// Also: the Python text of every stage (the reference's codegen text), the C program's --text and errors, and
// the CLI's errors.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { compareArray, FIXTURES, GOLDEN, NATIVE, referenceCaseFiles, ROOT } from './helpers/compare.js';

const BIN = process.env.GRAPHLAB_BIN ?? NATIVE;   // another build of the CLI can be tested by path
const CC = process.env.CC ?? 'cc';
const CFLAGS = ['-std=c11', '-O2'];
const CACHE = join(ROOT, 'build', 'codegen-cache');
const JOBS = Math.max(1, Math.min(2, availableParallelism()));
const FINAL = 'fold_norm_weight';

/** Every concrete case (it has outputs): [name, file, case]. */
const CONCRETE = referenceCaseFiles().map((f) => [f.slice(f.lastIndexOf('/') + 1, -'.json'.length), f])
  .map(([name, f]) => [name, f, JSON.parse(readFileSync(f, 'utf8'))]).filter(([, , fx]) => fx.outputs);
/** The reference's str(Graph) per stage: its input() lines give the input-node order even where a case has no
 *  `graphs`. */
const PRINTED = JSON.parse(readFileSync(join(GOLDEN, 'print', 'print.json'), 'utf8'));

function cli(args, input) {
  const r = spawnSync(BIN, args, { cwd: ROOT, encoding: input === undefined ? 'utf8' : undefined, input,
    maxBuffer: 1 << 28 });
  if (r.error) throw r.error;
  return r;
}

/** The case's inputs in the stage's input-node order, as one little-endian float64 buffer. */
function inputBytes(name, fx, stage) {
  const names = [...PRINTED[name][stage].matchAll(/^%\d+ += input\(\) {2}: \[[^\]]*\] {2}# (\S+)$/gm)].map((m) => m[1]);
  if (!names.length) throw new Error(`${name} ${stage}: no input nodes in the reference's text`);
  return Buffer.concat(names.map((n) => {
    if (!fx.inputs[n]) throw new Error(`${name} has no input ${n}`);
    return Buffer.from(fx.inputs[n].f64, 'base64');
  }));
}

const binds = (fx) => Object.entries(fx.bind).map(([k, v]) => `${k}=${v}`);

function ccAsync(src, exe) {
  return new Promise((resolve) => {
    const p = spawn(CC, [...CFLAGS, src, '-lm', '-o', `${exe}.tmp`], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', (e) => resolve({ status: -1, stderr: String(e) }));
    p.on('close', (status) => {
      try {
        if (status === 0) renameSync(`${exe}.tmp`, exe);
        rmSync(src, { force: true });
        resolve({ status, stderr: err });
      } catch (e) {
        resolve({ status: -1, stderr: String(e) });
      }
    });
  });
}

/** name -> stage -> {exe, gen (the CLI's stderr/status), cc ({status, stderr}) } */
const built = new Map();
let stats = { programs: 0, compiled: 0, ms: 0 };

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: build it with \`make native\``);
  mkdirSync(CACHE, { recursive: true });
  const t0 = Date.now();
  const jobs = [];
  const pending = new Map();        // key -> the entries waiting for that compile
  const seen = new Set();
  let cached = 0;
  for (const [name, file, fx] of CONCRETE) {
    const stages = new Map();
    built.set(name, stages);
    for (const stage of Object.keys(fx.outputs)) {
      const gen = cli(['codegen', file, '--lang', 'c', '--stage', stage]);
      const entry = { gen: { status: gen.status, stderr: gen.stderr, main: gen.stdout.includes('int main(int argc, char **argv)') } };
      stages.set(stage, entry);
      stats.programs++;
      if (gen.status !== 0) continue;
      const key = createHash('sha256').update([CC, ...CFLAGS, gen.stdout].join('\0')).digest('hex').slice(0, 24);
      entry.exe = join(CACHE, key);
      if (existsSync(entry.exe)) {
        entry.cc = { status: 0, stderr: '' };
        if (!seen.has(key)) cached++;
        seen.add(key);
        continue;
      }
      if (!pending.has(key)) {              // stages with the same program (e.g. nothing to fold) compile once
        const src = `${entry.exe}.c`;
        writeFileSync(src, gen.stdout);
        const waiters = [];
        pending.set(key, waiters);
        jobs.push(async () => {
          const r = await ccAsync(src, entry.exe);
          for (const w of waiters) w.cc = r;
          stats.compiled++;
        });
      }
      pending.get(key).push(entry);
    }
  }
  let next = 0;
  await Promise.all(Array.from({ length: JOBS }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
  stats.ms = Date.now() - t0;
  console.log(`codegen C: ${stats.programs} stage programs (${pending.size + cached} distinct), ${stats.compiled} ` +
              `compiled (${JOBS} at a time), the rest from build/codegen-cache, ${(stats.ms / 1000).toFixed(1)} s`);
}, 600_000);

describe('C codegen: every stage of every concrete case', () => {
  it('covers the concrete fixtures and golden cases', () => {
    expect(CONCRETE.length).toBeGreaterThanOrEqual(18);
    for (const [, , fx] of CONCRETE) expect(Object.keys(fx.outputs)).toContain(FINAL);
  });

  it.each(CONCRETE.map(([name, file, fx]) => [name, file, fx]))('%s: compiles with cc -std=c11 -O2 and reproduces every stage\'s outputs within 1e-12', (name, _file, fx) => {
    const problems = [];
    for (const [stage, expected] of Object.entries(fx.outputs)) {
      const b = built.get(name).get(stage);
      expect(b.gen, `${name} ${stage}: graphlab codegen`).toEqual({ status: 0, stderr: '', main: true });
      expect(b.cc, `${name} ${stage}: cc`).toEqual({ status: 0, stderr: '' });
      const run = spawnSync(b.exe, binds(fx), { input: inputBytes(name, fx, stage), maxBuffer: 1 << 28 });
      if (run.error) throw run.error;
      expect(run.stderr.toString(), `${name} ${stage}`).toBe('');
      expect(run.status, `${name} ${stage}`).toBe(0);
      let off = 0;
      expected.forEach((exp, i) => {
        const n = exp.shape.reduce((a, c) => a * c, 1);
        const bytes = run.stdout.subarray(off, off + 8 * n);
        off += 8 * n;
        problems.push(...compareArray({ shape: exp.shape, f64: Buffer.from(bytes).toString('base64') }, exp,
          `${name} outputs.${stage}[${i}]`, 1e-12));
      });
      expect(off, `${name} ${stage}: bytes written`).toBe(run.stdout.length);
    }
    expect(problems).toEqual([]);
  });
});

describe.each(['small_prefill', 'small_decode', 'small_decode_masked'])('C codegen: %s', (name) => {
  const file = join(FIXTURES, `${name}.json`);
  const fx = JSON.parse(readFileSync(file, 'utf8'));
  const exeOf = () => built.get(name).get(FINAL).exe;

  it('--text prints one hex float per value; a wrong symbol or short input is one clear error', () => {
    const exe = exeOf();
    const bs = binds(fx);
    const input = inputBytes(name, fx, FINAL);
    const text = spawnSync(exe, [...bs, '--text'], { input, encoding: 'utf8' });
    expect(text.status).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^# output 0 \(node \d+\) \(/);
    const total = fx.outputs[FINAL].reduce((s, o) => s + o.shape.reduce((a, b) => a * b, 1), 0);
    expect(lines.filter((l) => !l.startsWith('#')).length).toBe(total);

    const short = spawnSync(exe, bs, { input: input.subarray(0, 16) });
    expect(short.status).toBe(1);
    expect(short.stderr.toString()).toMatch(/^compiled: input '.+' .* needs \d+ float64 values/);
    if (bs.length) {
      // the case's bind is the default; another S makes the same bytes the wrong size
      const other = spawnSync(exe, ['S=4', 'P=3'], { input });
      expect(other.status).toBe(1);
      expect(other.stderr.toString()).toMatch(/^compiled: the input has \d+ bytes, the inputs take \d+/);
      const bad = spawnSync(exe, ['Q=1'], { input });
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
