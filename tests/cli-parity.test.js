// cli-parity.test.js — every golden fixture (tests/fixtures/) and every case of ours made by the reference
// (tests/golden/) through the native CLI (build/graphlab) and the WASI build
// (node wasm/run-wasi.mjs → build/graphlab.wasm), compared with what the reference computed:
//   passes, graphs (node order, ops, inputs, attrs, shapes, names, outputs, input_names) exactly;
//   eager/fused cost (floats 1e-12 relative, kernel counts exact); kernels (kind, label, nodes, reads, writes,
//   flops exact; time_s 1e-9 relative); memory exactly; outputs within 1e-12·max(1, max|ref|) with the same
//   -inf positions; and native == WASI (exact but for floats, within 1e-12: each links its own libm).
// Build first: `make native wasi`.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import {
  compareCase, compareResults, FIXTURES, fixtureFiles, goldenFiles, referenceCaseFiles, requireBinary, ROOT, runCli,
} from './helpers/compare.js';
import { compareNativeWasm } from './helpers/wasm-compare.js';

const KINDS = ['native', 'wasi'];
const runs = new Map();

/** Runs `graphlab case FILE --compact` once per (kind, file): {proc, json, diffs (per section, lazily)}. */
function run(kind, file) {
  const key = `${kind}:${file}`;
  if (!runs.has(key)) runs.set(key, { proc: runCli(kind, ['case', file, '--compact']) });
  return runs.get(key);
}

function result(kind, file) {
  const r = run(kind, file);
  if (r.proc.status !== 0) {
    throw new Error(`${kind} exited ${r.proc.status}${r.proc.signal ? ` (${r.proc.signal})` : ''}: ${r.proc.stderr}`);
  }
  if (!r.json) r.json = JSON.parse(r.proc.stdout);
  return r.json;
}

function diffs(kind, file, expected) {
  const r = run(kind, file);
  if (!r.diffs) r.diffs = compareCase(result(kind, file), expected);
  return r.diffs;
}

const fixtures = referenceCaseFiles();

describe('fixtures are present', () => {
  it('finds the golden fixtures', () => {
    expect(fixtureFiles().length).toBeGreaterThanOrEqual(7);
  });

  it('finds our golden cases (tests/golden/)', () => {
    expect(goldenFiles().length).toBeGreaterThanOrEqual(14);
  });
});

for (const kind of KINDS) {
  describe(`${kind} CLI`, () => {
    beforeAll(() => requireBinary(kind));
    describe.each(fixtures.map((f) => [basename(f, '.json'), f]))('%s', (_name, file) => {
      const expected = JSON.parse(readFileSync(file, 'utf8'));

      it('exits 0 with nothing on stderr', () => {
        const { proc } = run(kind, file);
        expect(proc.stderr).toBe('');
        expect(proc.status).toBe(0);
      });

      const sections = ['case', 'config', 'elem_bytes', 'device', 'bind', 'passes', 'graphs', 'eager', 'fused', 'memory',
        'outputs'];
      it.each(sections)('%s matches the reference', (section) => {
        expect(diffs(kind, file, expected)[section]).toEqual([]);
      });

      it('has timing_ms and, when stages are emitted, provenance for every pass', () => {
        const a = result(kind, file);
        for (const k of ['build', 'passes', 'fuse', 'memory', 'total']) {
          expect(typeof a.timing_ms[k]).toBe('number');
          expect(a.timing_ms[k]).toBeGreaterThanOrEqual(0);
        }
        expect('run' in a.timing_ms).toBe(!!expected.outputs);
        expect('run_stages' in a.timing_ms).toBe(!!expected.outputs);
        // run times the final graph's forward, run_stages every stage's (the final one included)
        if (expected.outputs) expect(a.timing_ms.run).toBeLessThanOrEqual(a.timing_ms.run_stages);
        expect(a.provenance.map((p) => p.pass)).toEqual(expected.passes.slice(1).map((p) => p.name));
        // every old id is accounted for: in some node's `from` or in `removed`
        const stages = Object.keys(a.graphs);
        a.provenance.forEach((p, i) => {
          const nOld = a.graphs[stages[i]].nodes.length;
          const nNew = a.graphs[stages[i + 1]].nodes.length;
          expect(Object.keys(p.nodes).length).toBe(nNew);
          const seen = new Set(p.removed);
          for (const n of Object.values(p.nodes)) for (const f of n.from) seen.add(f);
          expect(seen.size).toBe(nOld);
        });
      });
    });
  });
}

// Graphs, passes, plans, kernels and every integer identical; floats within 1e-12 (each build's own libm:
// musl's sin differs from glibc's in the last bit for some RoPE angles).
describe('native == WASI', () => {
  beforeAll(() => { requireBinary('native'); requireBinary('wasi'); });
  it.each(fixtures.map((f) => [basename(f, '.json'), f]))('%s', (_name, file) => {
    const diffs = compareNativeWasm(result('wasi', file), result('native', file), 'WASI');
    expect(Object.fromEntries(Object.entries(diffs).filter(([, v]) => v.length))).toEqual({});
  });
});

describe('CLI behaviour', () => {
  beforeAll(() => requireBinary('native'));
  const small = join(FIXTURES, 'small_prefill.json');

  it('reads the case from stdin with "-"', () => {
    const r = runCli('native', ['case', '-', '--compact'], { input: readFileSync(small, 'utf8') });
    expect(r.status).toBe(0);
    expect(compareResults(JSON.parse(r.stdout), result('native', small))).toEqual([]);
  });

  it('pretty output (default) parses to the same result, one top-level key per line', () => {
    const r = runCli('native', ['case', small]);
    expect(r.status).toBe(0);
    expect(compareResults(JSON.parse(r.stdout), result('native', small))).toEqual([]);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('{');
    expect(lines[1]).toMatch(/^"case": /);
    expect(lines.some((l) => l.startsWith('"passes": '))).toBe(true);
  });

  it('accepts relative and absolute paths in the WASI build too', () => {
    const rel = runCli('wasi', ['case', 'tests/fixtures/llama8b_prefill_512_fp32.json', '--compact']);
    const abs = runCli('wasi', ['case', join(ROOT, 'tests/fixtures/llama8b_prefill_512_fp32.json'), '--compact']);
    expect(rel.status).toBe(0);
    expect(abs.status).toBe(0);
    expect(compareResults(JSON.parse(rel.stdout), JSON.parse(abs.stdout))).toEqual([]);
  });

  it('emit switches off the large parts', () => {
    const c = JSON.parse(readFileSync(small, 'utf8'));
    c.emit = { graphs: false, outputs: false, provenance: false, kernels: false };
    const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(c) });
    expect(r.status).toBe(0);
    const a = JSON.parse(r.stdout);
    expect(a.graphs).toBeUndefined();
    expect(a.outputs).toBeUndefined();
    expect(a.provenance).toBeUndefined();
    expect(a.fused.kernels).toBeNull();
    expect(compareCase(a, { ...c, graphs: undefined, outputs: undefined }).passes).toEqual([]);
  });

  it('a custom pipeline and a preset config', () => {
    const c = {
      case: 'custom',
      config: { preset: 'llama3-8b', mode: 'prefill', T: 16 },
      device: 'h100',
      pipeline: ['decompose', 'cse', 'dce', 'cse'],
    };
    const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(c) });
    expect(r.stderr).toBe('');
    const a = JSON.parse(r.stdout);
    expect(a.config).toMatchObject({ d: 4096, H: 32, G: 8, dh: 128, f: 14336, T: 16, pos0: 0, S: null, layers: 1 });
    expect(a.passes.map((p) => p.name)).toEqual(['trace', 'decompose', 'cse', 'dce', 'cse']);
    expect(Object.keys(a.graphs)).toEqual(['trace', 'decompose', 'cse', 'dce', 'cse#2']);
    expect(a.provenance).toHaveLength(4);
  });

  it('params {"random": seed} with inputs runs concretely and is deterministic', () => {
    const x = Buffer.alloc(8 * 4 * 64);
    for (let i = 0; i < 4 * 64; i++) x.writeDoubleLE(Math.sin(i), 8 * i);
    const c = {
      config: { preset: 'small', mode: 'prefill', T: 4 },
      params: { random: 7 },
      inputs: { x: { shape: [4, 64], f64: x.toString('base64') } },
    };
    const run = () => runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(c) });
    const a = run();
    expect(a.stderr).toBe('');
    const r1 = JSON.parse(a.stdout);
    const r2 = JSON.parse(run().stdout);
    expect(Object.keys(r1.outputs)).toEqual(r1.passes.map((p) => p.name));
    expect(compareResults(r1, r2)).toEqual([]);
    expect(r1.timing_ms.run).toBeGreaterThanOrEqual(0);
  });

  it('run_repeat times the final graph again and keeps the first run\'s outputs', () => {
    const c = { config: { preset: 'small', mode: 'prefill', T: 3 }, params: { random: 2 }, inputs: { random: 5 } };
    const once = JSON.parse(runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(c) }).stdout);
    const out = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify({ ...c, run_repeat: 7 }) });
    expect(out.stderr).toBe('');
    const seven = JSON.parse(out.stdout);
    expect(compareResults(once, seven)).toEqual([]);
    expect(seven.outputs).toEqual(once.outputs);
    // the final stage ran 7 times inside run_stages, the fastest of them is run
    expect(seven.timing_ms.run).toBeLessThanOrEqual(seven.timing_ms.run_stages / 7 + 1e-9);
  });

  it('print shows the reference text form, for one stage or all', () => {
    const one = runCli('native', ['print', small, '--stage', 'trace']);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/^%0 {3}= input\(\) {2}: \[12×64\] {2}# x$/m);
    expect(one.stdout).toMatch(/^返回 %\d+$/m);
    const all = runCli('native', ['print', small]);
    expect(all.status).toBe(0);
    for (const s of ['trace', 'match_attention', 'fold_norm_weight']) expect(all.stdout).toContain(`== ${s} ==`);
  });

  it('presets lists models, devices and passes as JSON', () => {
    const r = runCli('native', ['presets']);
    expect(r.status).toBe(0);
    const p = JSON.parse(r.stdout);
    expect(p.models.find((m) => m.name === 'llama3-8b')).toMatchObject({ d: 4096, H: 32, G: 8, dh: 128, f: 14336 });
    expect(p.devices.find((d) => d.name === 'h100')).toMatchObject({ mm_flops: 989e12, bw: 3.35e12, launch: 4e-6 });
    expect(p.passes).toEqual(['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
  });

  it('--help exits 0; usage errors exit 2 with one line on stderr', () => {
    const h = runCli('native', ['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toContain('graphlab case FILE.json');
    for (const args of [[], ['frobnicate'], ['case'], ['case', small, '--bogus'], ['print', small, '--stage']]) {
      const r = runCli('native', args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^graphlab: usage: [^\n]+\n$/);
      expect(r.stdout).toBe('');
    }
  });

  it('the WASI runner keeps stdout, stderr and exit codes', () => {
    const bad = runCli('wasi', ['case', 'no/such/file.json']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/^graphlab: invalid: cannot open no\/such\/file\.json: [^\n]+\n$/);
    const usage = runCli('wasi', ['frobnicate']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toBe(runCli('native', ['frobnicate']).stderr);
    const help = runCli('wasi', ['--help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toBe(runCli('native', ['--help']).stdout);
  });
});
