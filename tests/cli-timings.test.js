// cli-timings.test.js — `graphlab case FILE --repeat N --timings` (what bench/pipeline.mjs reads for its
// cold and warm columns): one timing_ms line per computation on stderr, the last one the printed result's,
// and the result itself unchanged. Structure only: no timing is asserted against a budget.
// Build first: `make native wasi`.
import { describe, expect, it } from 'vitest';

import { runCli } from './helpers/compare.js';

const FIXTURE = 'tests/fixtures/small_prefill.json';
const KEYS = ['build', 'passes', 'fuse', 'memory', 'total'];
const withoutTiming = (text) => {
  const { timing_ms: _t, ...rest } = JSON.parse(text);
  return rest;
};

describe.each(['native', 'wasi'])('%s: case --timings', (kind) => {
  it('writes one timing_ms line per computation, the last one the printed result\'s', () => {
    const r = runCli(kind, ['case', FIXTURE, '--compact', '--repeat', '3', '--timings']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stderr.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(3);
    for (const t of lines) {
      expect(Object.keys(t)).toEqual(KEYS);
      for (const k of KEYS) expect(t[k]).toBeGreaterThanOrEqual(0);
      expect(t.total).toBeGreaterThanOrEqual(t.build + t.passes + t.fuse + t.memory - 1e-5);
    }
    const printed = JSON.parse(r.stdout).timing_ms;
    for (const k of KEYS) expect(Math.abs(lines[2][k] - printed[k])).toBeLessThan(1e-5);
  });

  it('leaves the result and a run without the flag as they were', () => {
    const timed = runCli(kind, ['case', FIXTURE, '--compact', '--repeat', '2', '--timings']);
    const plain = runCli(kind, ['case', FIXTURE, '--compact']);
    expect(plain.status).toBe(0);
    expect(plain.stderr).toBe('');
    expect(withoutTiming(timed.stdout)).toEqual(withoutTiming(plain.stdout));
  });
});
