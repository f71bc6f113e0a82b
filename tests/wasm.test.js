// wasm.test.js — the browser module (public/graphlab-core.{mjs,wasm}, `make wasm`) through its JS binding
// wasm/graphlab.mjs, run under Node: every fixture (tests/fixtures/, and ours in tests/golden/) against the
// reference and against the native CLI, errors, memory stability over 1,000 calls, and out-of-memory behaviour.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { createGraphLab, GraphLabError } from '../wasm/graphlab.mjs';
import { compareCase, referenceCaseFiles, ROOT, runCli } from './helpers/compare.js';
import {
  branchOpts, compareBranch, compareDynamic, DEMOS, dynamicOpts, FRONTENDS,
} from './helpers/demo-compare.js';
import { compareNativeWasm, countFloatDiffs, nonEmpty } from './helpers/wasm-compare.js';

const MODULE = join(ROOT, 'public', 'graphlab-core.mjs');
const SMALL = join(ROOT, 'tests', 'fixtures', 'small_prefill.json');

let gl;
const results = new Map();          // fixture path -> WASM result (each fixture runs once)

function wasmResult(file) {
  if (!results.has(file)) results.set(file, gl.runCase(JSON.parse(readFileSync(file, 'utf8'))));
  return results.get(file);
}

const base = (f) => f.slice(f.lastIndexOf('/') + 1);

beforeAll(async () => {
  if (!existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  gl = await createGraphLab();
}, 60_000);

describe('the module', () => {
  it('loads and reports its version and presets', () => {
    expect(gl.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(gl.info().version).toBe(gl.version);
    const p = gl.presets();
    expect(p.models.map((m) => m.name)).toContain('llama3-8b');
    const l8 = p.models.find((m) => m.name === 'llama3-8b');
    expect(l8).toMatchObject({ d: 4096, H: 32, G: 8, dh: 128, f: 14336, layers: 32 });
    const h100 = p.devices.find((d) => d.name === 'h100');
    expect(h100).toMatchObject({ mm_flops: 989e12, vec_flops: 67e12, bw: 3.35e12, launch: 4e-6 });
    for (const d of p.devices) expect(d.source.length).toBeGreaterThan(10);
  });

  it('presets equal `graphlab presets` (plus each model\'s cfg object)', () => {
    const r = runCli('native', ['presets']);
    expect(r.status).toBe(0);
    const p = gl.presets();
    for (const m of p.models) {
      const { name: _n, title: _t, layers: _l, cfg, ...dims } = m;
      expect(cfg).toEqual(dims);
    }
    const strip = ({ models, ...rest }) => ({ ...rest, models: models.map(({ cfg: _c, ...m }) => m) });
    expect(strip(p)).toEqual(JSON.parse(r.stdout));
  });

  it('loads from the deployed layout (graphlab.mjs next to graphlab-core.*) with default options', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'graphlab-'));
    try {
      for (const f of ['graphlab-core.mjs', 'graphlab-core.wasm']) copyFileSync(join(ROOT, 'public', f), join(dir, f));
      copyFileSync(join(ROOT, 'wasm', 'graphlab.mjs'), join(dir, 'graphlab.mjs'));
      const mod = await import(pathToFileURL(join(dir, 'graphlab.mjs')).href);
      const other = await mod.createGraphLab();
      expect(other.version).toBe(gl.version);
      expect(other.presets().models.length).toBe(gl.presets().models.length);
      // the same module also takes the bytes directly
      const third = await mod.createGraphLab({ wasmBinary: readFileSync(join(dir, 'graphlab-core.wasm')) });
      expect(third.info().passes.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a precompiled module (opts.wasmModule, what the served page and its worker hand over)', () => {
  const bytes = () => readFileSync(join(ROOT, 'public', 'graphlab-core.wasm'));

  it('instantiates a WebAssembly.Module, or a promise of one, and computes what the fetched module does', async () => {
    const compiled = await WebAssembly.compile(bytes());
    const small = JSON.parse(readFileSync(SMALL, 'utf8'));
    for (const wasmModule of [compiled, Promise.resolve(compiled)]) {
      const other = await createGraphLab({ wasmModule });
      expect(other.version).toBe(gl.version);
      const untimed = ({ timing_ms: _t, ...r }) => r;
      expect(untimed(other.runCase(small))).toEqual(untimed(gl.runCase(small)));
    }
  });

  it('rejects, rather than waits forever, when the module cannot be instantiated', async () => {
    const empty = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));   // no exports, no imports
    await expect(createGraphLab({ wasmModule: empty })).rejects.toThrow();
    const failed = Promise.reject(new Error('no module'));
    failed.catch(() => {});   // handled later, by createGraphLab
    await expect(createGraphLab({ wasmModule: failed })).rejects.toThrow(/no module/);
  });
});

describe.each(referenceCaseFiles().map((f) => [base(f), f]))('fixture %s', (_name, file) => {
  it('matches the reference (passes, graphs, cost, kernels, memory, outputs)', () => {
    const expected = JSON.parse(readFileSync(file, 'utf8'));
    const actual = wasmResult(file);
    expect(nonEmpty(compareCase(actual, expected))).toEqual({});
    expect(actual.timing_ms.total).toBeGreaterThanOrEqual(0);
  }, 120_000);

  it('matches the native CLI (`graphlab case FILE --compact`)', () => {
    const r = runCli('native', ['case', file, '--compact']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const native = JSON.parse(r.stdout);
    const actual = wasmResult(file);
    expect(nonEmpty(compareNativeWasm(actual, native))).toEqual({});
    const n = countFloatDiffs(actual, native);
    if (n) console.log(`${base(file)}: ${n} float(s) differ from native (within 1e-12)`);
  }, 120_000);
});

describe('errors', () => {
  const small = () => JSON.parse(readFileSync(SMALL, 'utf8'));
  const cfg = (over) => ({ config: { d: 64, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 4, ...over } });

  // Each bad case: the status it must fail with, and a pattern of its message.
  const BAD = [
    ['H not divisible by G', cfg({ G: 3 }), 'GL_E_INVALID', /divisible/],
    ['a zero dim', cfg({ d: 0 }), 'GL_E_INVALID', /config\.d .*positive.*0/],
    ['a negative T', cfg({ T: -1 }), 'GL_E_INVALID', /config\.T/],
    ['bad JSON text', '{"config": {"d": 64,', 'GL_E_PARSE', /JSON|line|column/i],
    ['not an object', '[1, 2, 3]', 'GL_E_PARSE', /object/],
    ['JSON nested 100,000 deep', '['.repeat(100_000), 'GL_E_PARSE', /nesting/],
    ['an unknown pass', { ...cfg({}), pipeline: ['cse', 'no_such_pass'] }, 'GL_E_INVALID', /no_such_pass/],
    ['an unknown config key', cfg({ dd: 3 }), 'GL_E_INVALID', /dd/],
    ['an unknown preset', { config: { preset: 'gpt-99', mode: 'prefill', T: 4 } }, 'GL_E_INVALID', /gpt-99/],
  ];

  it.each(BAD)('%s throws GraphLabError, and the module still works', (_what, req, code, pattern) => {
    let err;
    try {
      gl.runCase(req);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(code);
    expect(err.status).toBeGreaterThan(0);
    expect(err.message).toMatch(pattern);
    expect(err.message.length).toBeLessThan(300);
    // still usable, and still right
    const expected = small();
    expect(nonEmpty(compareCase(gl.runCase(expected), expected))).toEqual({});
  }, 60_000);

  it.each(BAD)('%s: the same status and message as the CLI', (_what, req, code) => {
    const text = typeof req === 'string' ? req : JSON.stringify(req);
    const r = runCli('native', ['case', '-', '--compact'], { input: text });
    expect(r.status).toBe(1);
    let err;
    try {
      gl.runCase(text);
    } catch (e) {
      err = e;
    }
    const name = code.replace(/^GL_E_/, '').toLowerCase();
    expect(r.stderr.trim()).toBe(`graphlab: ${name}: ${err.message}`);
  });

  it('an unknown method throws GraphLabError, and the module still works', () => {
    let err;
    try {
      gl.call('no_such_method', {});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err.code).toBe('GL_E_INVALID');
    expect(err.message).toMatch(/unknown method "no_such_method"/);
    expect(gl.presets().models.length).toBeGreaterThan(0);
  });

  it('branch and dynamic reject bad options with a GraphLabError', () => {
    expect(() => gl.branch({ frontend: 'jit' })).toThrow(GraphLabError);
    expect(() => gl.branch({ frontend: 'jit' })).toThrow(/frontend must be .* got "jit"/);
    expect(() => gl.dynamic({ strategy: 'pad' })).toThrow(/strategy must be/);
  });
});

// What the Dynamic panel shows: the module's branch() and dynamic() against the reference's goldens
// (tests/golden/demos/demos.json, tools/make-golden.py --demos; compared as in tests/demos.test.js).
describe('branch() and dynamic() against the reference', () => {
  describe.each(DEMOS.branch.map((sc) => [`${sc.first} then ${sc.second}`, sc]))('branch %s', (_name, sc) => {
    it.each(FRONTENDS)('%s', (fe) => {
      const r = gl.branch(branchOpts(sc, fe));
      expect(r.frontend).toBe(fe);
      expect(compareBranch(r, sc, fe)).toEqual([]);
    });
  });

  it.each(DEMOS.dynamic.map((d) => [`${d.strategy} from ${d.from}, ${d.steps} steps, ${d.config}`, d]))(
    'dynamic %s', (_name, d) => {
      expect(compareDynamic(gl.dynamic(dynamicOpts(d)), d)).toEqual([]);
    });
});

describe('memory', () => {
  it('1,000 runCase calls on small_prefill leave the heap where the first call left it', () => {
    const text = readFileSync(SMALL, 'utf8');
    const before = gl.memoryStats();
    const first = gl.runCase(text);
    const afterFirst = gl.memoryStats();
    let last;
    for (let i = 1; i < 1000; i++) last = gl.runCase(text);
    const after = gl.memoryStats();
    console.log(`heap bytes in use: before ${before}, after the first call ${afterFirst}, after 1,000 calls ` +
                `${after}; ${JSON.stringify(gl.heapStats())}`);
    expect(after).toBe(afterFirst);
    expect(afterFirst).toBe(before);
    const strip = ({ timing_ms: _t, ...rest }) => rest;
    expect(strip(last)).toEqual(strip(first));
  }, 600_000);

  it('errors free what they allocated', () => {
    const before = gl.memoryStats();
    for (let i = 0; i < 200; i++) {
      expect(() => gl.runCase({ config: { d: 64, H: 8, G: 3, dh: 8, f: 128, mode: 'prefill', T: 4 } })).toThrow();
      expect(() => gl.runCase('{"config": [')).toThrow();
      expect(() => gl.runCase({ config: { preset: 'small', mode: 'prefill', T: 4 }, pipeline: ['cse', 'x'] }))
        .toThrow();
    }
    expect(gl.memoryStats()).toBe(before);
  }, 60_000);

  it('out of memory is a GL_E_NOMEM error, not a trap, and the module recovers', async () => {
    const m = await createGraphLab({ testHooks: true });
    // wq alone is 512 KiB of float64: more than the heap keeps free below.
    const req = JSON.stringify({ config: { d: 256, H: 8, G: 2, dh: 32, f: 512, mode: 'prefill', T: 16 },
                                 params: { random: 0 } });
    m.runCase(req);
    const baseline = m.memoryStats();
    // Squeeze the heap: take blocks (64 MiB halving to 4 KiB) until malloc fails at the 2 GiB limit, then
    // give back the smallest ones until 128..256 KiB are free.
    const held = [];
    for (let size = 64 << 20; size >= 4096; size >>= 1) {
      for (;;) {
        const p = m._test.reserve(size);
        if (!p) break;
        held.push([p, size]);
      }
    }
    let freed = 0;
    while (freed < (128 << 10) && held.length) {
      const [p, size] = held.pop();          // the smallest block held
      m._test.release(p);
      freed += size;
    }
    let err;
    try {
      m.runCase(req);
    } catch (e) {
      err = e;
    }
    for (const [p] of held) m._test.release(p);
    console.log(`out-of-memory run: ${err ? `${err.code}: ${err.message}` : 'no error'}; heap ${JSON.stringify(m.heapStats())}`);
    expect(err).toBeInstanceOf(GraphLabError);
    expect(err.code).toBe('GL_E_NOMEM');
    expect(m.memoryStats()).toBe(baseline);
    const ok = m.runCase(req);
    expect(ok.passes.length).toBeGreaterThan(1);
  }, 300_000);

  it('an out-of-memory sweep: every failure point returns GL_E_NOMEM and frees everything', async () => {
    const m = await createGraphLab({ testHooks: true });
    const reqs = {
      small_prefill: readFileSync(SMALL, 'utf8'),
      small_decode_masked: readFileSync(join(ROOT, 'tests', 'fixtures', 'small_decode_masked.json'), 'utf8'),
      llama3_8b_x4: JSON.stringify({ config: { preset: 'llama3-8b', mode: 'prefill', T: 2048, layers: 4 } }),
    };
    for (const [name, req] of Object.entries(reqs)) {
      m.runCase(req);
      const baseline = m.memoryStats();
      const tally = {};
      // Leave 1 KiB .. 64 MiB free (x1.3 steps), so the allocation that fails moves through the whole run.
      for (let target = 1024; target <= (64 << 20); target = Math.ceil(target * 1.3)) {
        const held = [];
        for (let size = 64 << 20; size >= 64; size >>= 1) {
          for (;;) {
            const p = m._test.reserve(size);
            if (!p) break;
            held.push([p, size]);
          }
        }
        let freed = 0;
        while (freed < target && held.length) {
          const [p, size] = held.pop();
          m._test.release(p);
          freed += size;
        }
        let outcome = 'ok';
        try {
          m.runCase(req);
        } catch (e) {
          outcome = e.code;
          expect(e, `${name} with ${target} bytes free`).toBeInstanceOf(GraphLabError);
          expect(e.code, `${name} with ${target} bytes free: ${e.message}`).toBe('GL_E_NOMEM');
        }
        for (const [p] of held) m._test.release(p);
        expect(m.memoryStats(), `${name} with ${target} bytes free leaks`).toBe(baseline);
        tally[outcome] = (tally[outcome] ?? 0) + 1;
      }
      console.log(`out-of-memory sweep ${name}: ${JSON.stringify(tally)}`);
      expect(tally.GL_E_NOMEM).toBeGreaterThan(0);
      expect(tally.ok).toBeGreaterThan(0);
    }
  }, 300_000);
});
