// fuse-programs.test.js — fusion on graphs unlike a Llama layer, against the reference's fuse(g): kernels that
// gather many producers (a sum over up to 200 branches, each read more than once), long chains of kernels,
// and random DAGs of pointwise, reduce and matmul ops where cycles refuse fusion (tests/golden/fuse/programs.json,
// made by tests/ref/fuse_programs.py). Each program runs as a case with "program" (the default passes), natively
// and on ASan for a few; kind, label, nodes, bytes and flops of every kernel must be the reference's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, runCli } from './helpers/compare.js';

const PROGRAMS = JSON.parse(readFileSync(join(GOLDEN, 'fuse', 'programs.json'), 'utf8'));
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

function kernels(kind, program) {
  const r = runCli(kind, ['case', '-', '--compact'], { input: JSON.stringify({ program }), env: kind === 'asan' ? ASAN_ENV : {} });
  if (r.status !== 0) throw new Error(`${kind}: status ${r.status}: ${r.stderr.slice(0, 300)}`);
  return JSON.parse(r.stdout).fused.kernels.map((k) => ({ kind: k.kind, label: k.label, nodes: k.nodes, reads: k.reads,
    writes: k.writes, flops: k.flops }));
}

describe('fusion on wide, long and random graphs equals the reference', () => {
  it('holds wide sums, a chain and at least 40 random DAGs', () => {
    expect(PROGRAMS.filter((p) => p.name.startsWith('wide_')).length).toBeGreaterThanOrEqual(4);
    expect(PROGRAMS.filter((p) => p.name.startsWith('dag_')).length).toBeGreaterThanOrEqual(40);
  });
  it('native: every kernel of every program', () => {
    const bad = [];
    for (const p of PROGRAMS) {
      const got = kernels('native', p.program);
      if (JSON.stringify(got) !== JSON.stringify(p.kernels)) bad.push(p.name);
    }
    expect(bad).toEqual([]);
  });
  it('ASan+UBSan: the wide sums and a few DAGs', () => {
    for (const p of PROGRAMS.filter((q) => /^wide_|^dag_0[0-4]$/.test(q.name))) {
      expect(kernels('asan', p.program), p.name).toEqual(p.kernels);
    }
  });
});
