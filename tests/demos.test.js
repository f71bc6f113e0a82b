// demos.test.js — `graphlab branch` and `graphlab dynamic` through the CLI (native, and the WASI build when
// present): the result JSON of each frontend / strategy, native–WASI agreement, and one-line errors.
// (The same results are checked in depth by c/tests/test_dynamic.c; the last block compares them with the
// reference's goldens.)
import { describe, expect, it } from 'vitest';

import { runCli } from './helpers/compare.js';
import {
  branchArgs, compareBranch, compareDynamic, DEMOS, dynamicArgs, FRONTENDS,
} from './helpers/demo-compare.js';

const KINDS = ['native', 'wasi'];

function json(kind, args) {
  const r = runCli(kind, args);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout);
}

describe.each(KINDS)('graphlab branch (%s)', (kind) => {
  it('error: a trace error and no graph', () => {
    const r = json(kind, ['branch', '--frontend', 'error']);
    expect(r.error).toMatch(/data-dependent branch/);
    expect(r.graphs).toBe(0);
    expect(r.graph_list).toEqual([]);
    expect(r.correct_on_second_input).toBe(false);
  });

  it('specialize: one graph, silently wrong on the second input', () => {
    const r = json(kind, ['branch', '--frontend', 'specialize']);
    expect(r.graphs).toBe(1);
    expect(r.guards).toEqual([]);
    expect(r.correct_on_second_input).toBe(false);
    expect(r.outputs.second).toEqual([-1, -3, -5]);
    expect(r.outputs.expected_second).toEqual([-3, -5, -7]);
  });

  it('guard: the guard fails on the second input, a second trace is correct', () => {
    const r = json(kind, ['branch', '--frontend', 'guard']);
    expect(r.graphs).toBe(2);
    expect(r.guards).toEqual([{ kind: 'value', node: 5, value: true }, { kind: 'value', node: 5, value: false }]);
    expect(r.correct_on_second_input).toBe(true);
    const g = r.graph_list[1];
    expect(Object.keys(g)).toEqual(expect.arrayContaining(['nodes', 'outputs', 'input_names']));
    expect(g.nodes[8]).toEqual([8, 'sub', [6, 7], {}, [3], '']);
  });

  it('lazy: a graph break per call, correct', () => {
    const r = json(kind, ['branch', '--frontend', 'lazy', '--first', '2,2', '--second', '-1,0.5']);
    expect(r.graphs).toBeGreaterThanOrEqual(2);
    expect(r.lazy).toEqual({ graphs: [3, 2, 3, 2], imports: 2 });
    expect(r.correct_on_second_input).toBe(true);
    expect(r.outputs.second).toEqual([-3, 0]);
  });

  it('rejects a bad frontend in one stderr line', () => {
    const r = runCli(kind, ['branch', '--frontend', 'jit']);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^graphlab: invalid: frontend must be .* got "jit"\n$/);
  });
});

describe.each(KINDS)('graphlab dynamic (%s)', (kind) => {
  it('bucket from 5, 6 steps: buckets 8,8,8,8,16,16, 19 padded slots, numerics agree', () => {
    const r = json(kind, ['dynamic', '--strategy', 'bucket', '--from', '5', '--steps', '6']);
    expect(r.per_step.map((s) => s.bucket)).toEqual([8, 8, 8, 8, 16, 16]);
    expect(r.per_step.map((s) => s.compiled)).toEqual([true, false, false, false, true, false]);
    expect(r).toMatchObject({ compiles: 2, cache_hits: 4, guard_failures: 1, padded_slots: 19,
      wasted_attention_flops: 4 * 8 * 19 * 8 });
    expect(r.max_abs_diff).toBeLessThanOrEqual(1e-12);
  });

  it('specialize compiles every length, symbolic once; llama8b is shape-only', () => {
    expect(json(kind, ['dynamic', '--strategy', 'specialize', '--from', '5', '--steps', '6']).compiles).toBe(6);
    expect(json(kind, ['dynamic', '--strategy', 'symbolic', '--from', '5', '--steps', '6']).compiles).toBe(1);
    const r = json(kind, ['dynamic', '--strategy', 'bucket', '--from', '4000', '--steps', '200', '--config', 'llama8b']);
    expect(r).toMatchObject({ compiles: 2, numeric: false, max_abs_diff: null });
  });

  it('rejects bad options in one stderr line', () => {
    let r = runCli(kind, ['dynamic', '--strategy', 'pad']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^graphlab: invalid: strategy must be/);
    r = runCli(kind, ['dynamic', '--from', 'x']);
    expect(r.status).toBe(2);
    r = runCli(kind, ['dynamic', '--steps', '100000']);
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n').length).toBe(1);
  });
});

// The same demos against the reference (tests/golden/demos/demos.json, tools/make-golden.py --demos): the
// branch program under the reference's trace modes, check_guards and LazyRunner (graphs node for node, guards,
// outputs, which cached graph each call runs), and the dynamic demo's compile cache over the reference's traces
// (compiles, hits, guard failures, padding, graph sizes, attention FLOPs by the reference's node_flops).
describe.each(KINDS)('demos against the reference (%s)', (kind) => {
  it('demos.json has scenarios where the guard fails and where it holds', () => {
    const checks = DEMOS.branch.map((sc) => sc.guard.calls[1].check_guards[0]);
    expect(checks).toContain(true);
    expect(checks).toContain(false);
    expect(DEMOS.dynamic.map((d) => d.strategy)).toEqual(expect.arrayContaining(['specialize', 'bucket', 'symbolic']));
  });

  describe.each(DEMOS.branch.map((sc) => [`${sc.first} then ${sc.second}`, sc]))('branch %s', (_name, sc) => {
    it.each(FRONTENDS)('%s', (fe) => {
      expect(compareBranch(json(kind, branchArgs(sc, fe)), sc, fe)).toEqual([]);
    });
  });

  it.each(DEMOS.dynamic.map((d) => [`${d.strategy} --from ${d.from} --steps ${d.steps} --config ${d.config}`, d]))(
    'dynamic %s', (_name, d) => {
      expect(compareDynamic(json(kind, dynamicArgs(d)), d)).toEqual([]);
    });
});
