// wasi-big.test.js — the WASI runner on inputs that used to crash it, and the readers' memory on big inputs.
//
// Node 20's node:wasi segfaulted (exit 139) in a WASI call made after memory.grow, via V8's fast API calls:
// any case of ~9 MB or more (after printing the right output), some deep cases (600 layers: 3 runs in 6),
// and `/dev/zero` as the case file (a V8 fatal error, exit 133). wasm/run-wasi.mjs turns that path off.
// Every run here must end in a correct result or a clear error, never an exit >= 128.
//
// The case reader skips the values of keys it ignores: a 200 MB "comment" array used to cost ~4 GB of tokens;
// peak RSS must now stay under 3x the input, natively and under WASI (measured with getrusage by python3).
// Build first: `make native wasi`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FIXTURES, NATIVE, requireBinary, RUN_WASI, runCli } from './helpers/compare.js';

let dir;
beforeAll(() => {
  requireBinary('native');
  requireBinary('wasi');
  dir = mkdtempSync(join(tmpdir(), 'gl-wasi-big-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const SMALL = readFileSync(join(FIXTURES, 'small_prefill.json'), 'utf8');
// The result without its timings (the only part that differs between runs).
const stable = (stdout) => {
  const r = JSON.parse(stdout);
  delete r.timing_ms;
  return r;
};

function wasi(args) {
  const r = runCli('wasi', args);
  expect(r.signal).toBeNull();
  expect(r.status).toBeLessThan(128);
  return r;
}

describe('WASI: big and deep inputs end in a result, never a crash', () => {
  let want;
  beforeAll(() => {
    const r = runCli('wasi', ['case', join(FIXTURES, 'small_prefill.json'), '--compact']);
    expect(r.status).toBe(0);
    want = stable(r.stdout);
  });

  for (const [mb, runs] of [[9, 3], [64, 2]]) {
    it(`${mb} MB of whitespace before small_prefill, ${runs} runs`, () => {
      const file = join(dir, `pad${mb}.json`);
      writeFileSync(file, ' '.repeat(mb * 1_000_000) + SMALL);
      for (let i = 0; i < runs; i++) {
        const r = wasi(['case', file, '--compact']);
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        expect(stable(r.stdout)).toEqual(want);
      }
      const r = runCli('wasi', ['case', '-', '--compact'], { input: readFileSync(file) });   // stdin: a growing buffer
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(stable(r.stdout)).toEqual(want);
    }, 30_000);
  }

  it('a 600-layer shape-only case, 3 runs, the same as native', () => {
    const file = join(dir, 'layers600.json');
    writeFileSync(file, JSON.stringify({ case: 'deep', config: { preset: 'small', mode: 'prefill', T: 4, layers: 600 }, emit: { provenance: false, graphs: false } }));
    const n = runCli('native', ['case', file, '--compact']);
    expect(n.status).toBe(0);
    const native = stable(n.stdout);
    expect(native.fused.cost.kernels).toBeGreaterThan(600);
    for (let i = 0; i < 3; i++) {
      const r = wasi(['case', file, '--compact']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(stable(r.stdout).fused).toEqual(native.fused);
      expect(stable(r.stdout).memory).toEqual(native.memory);
    }
  }, 40_000);

  it('/dev/zero as the case file: the input limit, exit 1', () => {
    const r = wasi(['case', '/dev/zero']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('graphlab: limit: /dev/zero is larger than 1073741824 bytes (the input limit)\n');
    expect(r.status).toBe(1);
    const n = runCli('native', ['case', '/dev/zero']);
    expect(n.stderr).toBe(r.stderr);
    expect(n.status).toBe(1);
  }, 120_000);   // two 1 GiB reads: ~10 s alone, a minute on a loaded machine
});

describe('ignored keys cost no memory', () => {
  // {"comment": [0,0,...] (200 MB), ...small_prefill's inputs...}: the comment is validated, never tokenized
  let file, size;
  beforeAll(() => {
    const body = JSON.parse(SMALL);
    const rest = JSON.stringify({ case: body.case, config: body.config, params: body.params, inputs: body.inputs });
    const n = 100_000_000;
    const zeros = Buffer.alloc(2 * n - 1, '0,');
    file = join(dir, 'comment200.json');
    writeFileSync(file, Buffer.concat([Buffer.from('{"comment": ['), zeros, Buffer.from('], '), Buffer.from(rest.slice(1))]));
    size = 2 * n + rest.length + 14;
  });

  // peak RSS (bytes) of the command, from the kernel's accounting of a finished child
  const peak = (cmd) => {
    const py = 'import resource, subprocess, sys\n' +
      'r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n' +
      'sys.stderr.write(r.stderr.decode("utf-8", "replace"))\n' +
      'print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024)\n';
    const r = spawnSync('python3', ['-c', py, ...cmd], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const [code, rss] = r.stdout.trim().split(' ').map(Number);
    expect(code).toBe(0);
    return rss;
  };

  for (const kind of ['native', 'wasi']) {
    it(`${kind}: a 200 MB comment array, peak RSS under 3x the input`, () => {
      const cmd = kind === 'native' ? [NATIVE, 'case', file, '--compact'] : [process.execPath, RUN_WASI, 'case', file, '--compact'];
      const rss = peak(cmd);
      console.log(`${kind}: ${(size / 1e6).toFixed(0)} MB input, peak RSS ${(rss / 1e6).toFixed(0)} MB (${(rss / size).toFixed(2)}x)`);
      expect(rss).toBeLessThan(3 * size);
    }, 40_000);
  }
});
