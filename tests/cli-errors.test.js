// cli-errors.test.js — bad case files through the CLI: each must fail cleanly (exit 1, never a crash or a
// signal), with exactly one line on stderr, "graphlab: <status>: <message>", naming the field and the value.
// The same table runs on the native build, the WASI build and (when built) the ASan+UBSan build, which must
// print no sanitizer report (leaks included). Build first: `make native wasi build/graphlab_asan`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { CASE_ERRORS } from './helpers/bad-inputs.js';
import { FIXTURES, haveBinary, runCli } from './helpers/compare.js';

// The table (what, case text, status, message pattern) lives in helpers/bad-inputs.js, shared with the
// WASM robustness suite and the generator of docs/ROBUSTNESS.md.
const TABLE = CASE_ERRORS;

const KINDS = ['native', 'wasi', 'asan'];
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

describe('the error table', () => {
  it('has the native CLI built', () => {
    expect(haveBinary('native')).toBe(true);
  });
});

for (const kind of KINDS) {
  describe(`${kind}: bad cases fail cleanly`, () => {
    it.each(TABLE)('%s', (_what, text, status, re) => {
      const r = runCli(kind, ['case', '-', '--compact'], { input: text, env: kind === 'asan' ? ASAN_ENV : {} });
      expect(r.signal).toBeNull();
      expect(r.stderr).not.toMatch(/Sanitizer|runtime error|LeakSanitizer|AddressSanitizer/);
      expect(r.stdout).toBe('');
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^graphlab: [a-z]+: [^\n]+\n$/);
      const [, got, msg] = r.stderr.match(/^graphlab: ([a-z]+): (.*)\n$/);
      expect(got).toBe(status);
      expect(msg).toMatch(re);
      expect(msg.length).toBeLessThan(256);
    });
  });
}

describe('asan: good cases run clean', () => {
  it.each(['small_prefill', 'small_decode_masked', 'llama8b_prefill_128_x4'])('%s', (name) => {
    const r = runCli('asan', ['case', join(FIXTURES, `${name}.json`), '--compact'], { env: ASAN_ENV });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).case).toBe(name);
  });
});

describe('native and WASI agree on errors', () => {
  it.each(TABLE.slice(0, 12))('%s', (_what, text) => {
    const n = runCli('native', ['case', '-'], { input: text });
    const w = runCli('wasi', ['case', '-'], { input: text });
    expect(w.status).toBe(n.status);
    expect(w.stderr).toBe(n.stderr);
  });
});

describe('graphlab meta', () => {
  it('native and WASI print the same limits, and the validator enforces the published d bound', () => {
    const n = runCli('native', ['meta']);
    const w = runCli('wasi', ['meta']);
    expect(n.status).toBe(0);
    expect(w.status).toBe(0);
    expect(w.stdout).toBe(n.stdout);
    const meta = JSON.parse(n.stdout);
    const max = meta.limits['config.d'].max;
    const run = (d) => runCli('native', ['case', '-', '--compact'], { input: JSON.stringify({ config: { d, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 1 }, emit: { graphs: false, provenance: false } }) });
    expect(run(max).status).toBe(0);
    const r = run(max + 1);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(`graphlab: limit: config.d is ${max + 1}, above the limit ${max}\n`);
  });

  it('takes no arguments', () => {
    const r = runCli('native', ['meta', 'x']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^graphlab: usage: meta takes no arguments, got x/);
  });
});
