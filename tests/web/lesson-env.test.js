// lesson-env.test.js — the env lessons see (web/lessons/env.js), the engine's answers (questions.js) and
// highlights (highlight.js) on the reference's golden results (tests/fixtures/, the module's own output,
// never edited), without the WASM module. Provenance-based parts (removed nodes) are checked on a made-up
// provenance here and on the module in tests/lessons.test.js.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { buildStages } from '../../web/model.js';
import { nativeModule } from '../helpers/native-module.js';
import { liteStage } from '../../web/views/graph/collapse.js';
import { kernelView, KERNEL_GROUPS, lessonEnv, removedBy } from '../../web/lessons/env.js';
import { engineAnswer } from '../../web/lessons/questions.js';
import { resolveHighlight } from '../../web/lessons/highlight.js';
import { answerProblem } from '../../web/lessons/play.js';
import { evaluate } from '../../web/lessons/expr.js';

// the fixture's case as the core computes it with the lab's facts (emit.lab: the kernels' names are the core's),
// read once, parsed per test: each test builds its env in its own body (Stryker counts a test's coverage there)
const TEXT = {};
const gl = nativeModule();
const fixture = (name) => JSON.parse(TEXT[name] ??= JSON.stringify(gl.runCase({
  ...JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8')), emit: { lab: true, provenance: false } })));   // as the golden: no provenance
function envOf(name, state = { stage: 6, kset: 'fused' }, lite = false) {
  const r = fixture(name);
  const stages = buildStages(r);
  return lessonEnv(r, lite ? stages.map(liteStage) : stages, { state });
}

describe('lessonEnv on the small layer (tests/fixtures/small_prefill.json)', () => {
  it('has the passes and stages by key, with counts and op tallies', () => {
    const env = envOf('small_prefill');
    expect(env.passes.map((p) => p.nodes)).toEqual([53, 47, 65, 63, 63, 63, 59]);
    expect(Object.keys(env.stages)).toEqual(['trace', 'match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
    expect(env.stages.trace).toMatchObject({ index: 0, count: 53, ops_count: 38, layers: 1 });
    expect(env.stages.trace.ops).toMatchObject({ param: 9, input: 1, const: 5, softmax: 1, rms_norm: 2, silu: 1 });
    expect(env.stages.match_attention.ops.flash_attn).toBe(1);
    expect(env.stage.key).toBe('fold_norm_weight');
    expect(env.final.names).toContain('wq·diag(attn_norm)');
  });
  it('has the kernels on the roofline: all memory-bound, the layer launch-bound', () => {
    const env = envOf('small_prefill');
    expect(env.fused.count).toBe(10);
    expect(env.eager.count).toBe(45);
    expect(env.fused.bytes).toBe(113408);
    expect(env.kernels.map((k) => k.bound)).toEqual(Array(10).fill('memory'));
    expect(env.kernels[1].label).toBe('matmul+mul+rot_pairs+add');
    expect(env.kernels[1].role).toBe('Q projection + RoPE');
    expect(env.kernels.map((k) => k.group)).toEqual(['RMSNorms', 'attention projections', 'attention projections', 'attention projections',
      'attention', 'attention projections', 'RMSNorms', 'MLP matmuls', 'MLP matmuls', 'MLP matmuls']);
    expect(env.fused.launch_bound).toBe(true);
    expect(env.fused.launch_s).toBeCloseTo(40e-6, 12);
  });
  it('has the memory plans', () => {
    const env = envOf('small_prefill');
    expect(env.memory).toMatchObject({ naive: 17664, greedy: 9216, lower_bound: 9216, saved: 17664 - 9216, ratio: 1 });
    expect(env.memory.buffers).toHaveLength(11);
    expect(env.memory.buffers[10]).toEqual({ bytes: 1536, start: 9, end: 10, node: 58 });
  });
  it('answers questions from the engine', () => {
    const env = envOf('small_prefill');
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, env)).toMatchObject({ answer: 'launch', choices: ['launch', 'memory', 'compute'] });
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 4 }, env)).toMatchObject({ answer: 'memory', kernel: 4 });
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 4, set: 'eager' }, env).answer).toBe('memory');
    const plan = engineAnswer({ kind: 'plan', prompt: 'p' }, env);
    expect(plan).toMatchObject({ answer: 'greedy', by: 'ratio', choices: ['naive', 'greedy', 'same'] });
    expect(plan.amount).toBeCloseTo(17664 / 9216, 12);
    expect(engineAnswer({ kind: 'plan', prompt: 'p', plans: ['greedy', 'lower_bound'], by: 'bytes' }, env)).toMatchObject({ answer: 'same' });
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'decompose' }, env)).toMatchObject({ answer: 65 });
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'decompose', what: 'ops' }, env)).toMatchObject({ answer: 48 });
    for (const q of [{ kind: 'bound', prompt: 'p' }, { kind: 'plan', prompt: 'p' }, { kind: 'count', prompt: 'p', pass: 'cse' }, { kind: 'dominant', prompt: 'p' }]) {
      expect(answerProblem(engineAnswer(q, env)), q.kind).toBe(null);
    }
  });
  it('says why a question has no answer', () => {
    const env = envOf('small_prefill');
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p', kernel: 10 }, env)).toThrow('there is no kernel 10 (10 fused kernels)');
    // the golden result has no provenance: nothing to score a click against
    expect(() => engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, env)).toThrow('has no provenance');
    expect(() => engineAnswer({ kind: 'graphs', prompt: 'p', frontend: 'guard' }, env)).toThrow("branch() needs the lab's module");
    expect(() => evaluate('dynamic("bucket", 5, 28).compiles', env)).toThrow("dynamic(…): dynamic() needs the lab's module");
  });
  it('resolves highlights, and says which part resolves to nothing', () => {
    const env = envOf('small_prefill');
    expect(resolveHighlight({ op: 'flash_attn' }, env).nodes).toHaveLength(1);
    expect(resolveHighlight({ name: 'wq·diag(attn_norm)' }, env).keys).toHaveLength(1);
    expect(resolveHighlight({ kernel: 9, buffer: '%58' }, env)).toMatchObject({ kernel: 9, buffer: 58, nodes: [] });
    expect(() => resolveHighlight({ op: 'softmax' }, env)).toThrow('highlight.op: no softmax node in stage fold_norm_weight');
    expect(() => resolveHighlight({ op: 'param', name: 'wq' }, env)).toThrow('no node named "wq" among the param nodes');
    expect(() => resolveHighlight({ kernel: 10 }, env)).toThrow('highlight.kernel: no kernel 10 (10 kernels)');
    expect(() => resolveHighlight({ buffer: '%57' }, env)).toThrow('highlight.buffer: %57 is not a buffer');
    expect(() => resolveHighlight({ line: 3 }, env)).toThrow('not a program');
    // kset=eager: the kernel index is the eager set's
    expect(resolveHighlight({ kernel: 44 }, envOf('small_prefill', { stage: 6, kset: 'eager' })).kernel).toBe(44);
  });
});

describe('lessonEnv on a Llama-3-8B layer (tests/fixtures/llama8b_prefill_2048.json)', () => {
  it('puts the RMSNorms below the ridge and the matmuls above it', () => {
    const env = envOf('llama8b_prefill_2048');
    expect(env.kernels.map((k) => k.bound)).toEqual(['memory', 'compute', 'compute', 'compute', 'compute', 'compute', 'memory', 'compute', 'compute', 'compute']);
    expect(Math.round(env.kernels[1].ridge)).toBe(295);
    expect(Math.round(env.kernels[0].ridge)).toBe(20);
    expect(env.fused.launch_bound).toBe(false);
  });
  it('finds the MLP matmuls dominant, by group, and a single role by role', () => {
    const env = envOf('llama8b_prefill_2048');
    const d = engineAnswer({ kind: 'dominant', prompt: 'p' }, env);
    expect(d).toMatchObject({ answer: 'MLP matmuls', by: 'group' });
    expect(d.choices).toEqual(['RMSNorms', 'attention projections', 'attention', 'MLP matmuls']);
    expect(d.share).toBeGreaterThan(0.7);
    expect(engineAnswer({ kind: 'dominant', prompt: 'p', by: 'role' }, env).answer).toMatch(/projection/);
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, env).answer).toBe('compute');
  });
  it('on a summarised stage: counts only, and a node highlight is refused', () => {
    const env = envOf('llama8b_prefill_2048');
    const lite = envOf('llama8b_prefill_2048', { stage: 6, kset: 'fused' }, true);
    expect(lite.stage).toMatchObject({ lite: true, count: 59, layers: 1 });
    expect('nodes' in lite.stage).toBe(false);
    expect(() => evaluate('stage.nodes', lite)).toThrow('no field "nodes"');
    expect(() => resolveHighlight({ op: 'matmul' }, lite)).toThrow('is summarised');
    expect(resolveHighlight({ kernel: 0 }, lite).kernel).toBe(0);
  });
});

describe('removedBy', () => {
  it('is every node of the previous stage that is not the first source of a kept or merged node', () => {
    const prev = { nodes: [0, 1, 2, 3, 4].map((id) => ({ id, key: `n${id}` })) };
    const st = {
      prov: {},
      nodes: [
        { id: 0, how: 'kept', from: [0] },
        { id: 1, how: 'merged', from: [1, 3] },    // 3 merged into 1
        { id: 2, how: 'replaced', from: [2, 4] },  // 2 and 4 replaced by a new node
      ],
    };
    expect(removedBy(st, prev)).toEqual([2, 3, 4]);
    expect(removedBy({ ...st, prov: null }, prev)).toBe(null);
  });
});

const DEV = { mm_flops: 1000, vec_flops: 100, bw: 10, launch: 2 };
describe('kernelView', () => {
  it('uses the matmul peak for matmul and attention kernels, the vector peak for the rest', () => {
    const k = (kind) => kernelView({ kind, label: 'x', nodes: [1], reads: 6, writes: 4, flops: 1000 }, 2, DEV, null);
    expect(k('matmul')).toMatchObject({ index: 2, peak: 1000, ridge: 100, bytes: 10, intensity: 100, bound: 'compute', name: 'x', role: 'x', group: 'other', layer: null });
    expect(k('attention')).toMatchObject({ peak: 1000, bound: 'compute' });
    expect(k('rowwise')).toMatchObject({ peak: 100, ridge: 10, bound: 'compute' });
    // without the core's time_s: the roofline's max(compute, memory)
    expect(k('matmul').time_s).toBe(1);
    expect(k('pointwise').time_s).toBe(10);
    expect(k('matmul').launch_bound).toBe(true);
    expect(k('pointwise').launch_bound).toBe(false);
  });
  it('takes the core\'s time, and below the ridge is memory-bound; no bytes is intensity 0', () => {
    const v = kernelView({ kind: 'matmul', label: 'm', nodes: [], reads: 50, writes: 50, flops: 100, time_s: 7, why: { reason: 'special' } }, 0, DEV,
      { name: 'L3 O projection + residual', layer: 3 });
    expect(v).toMatchObject({ time_s: 7, intensity: 1, bound: 'memory', name: 'L3 O projection + residual', role: 'O projection + residual', group: 'attention projections', layer: 3, why: 'special' });
    expect(kernelView({ kind: 'write', label: 'kv_write', nodes: [] }, 0, DEV, null)).toMatchObject({ bytes: 0, flops: 0, intensity: 0, bound: 'memory', why: null });
  });
  it('groups kernels by their role', () => {
    const g = (name) => kernelView({ kind: 'matmul', label: 'l', nodes: [] }, 0, DEV, { name }).group;
    expect(['L0 gate projection + SiLU', 'up projection × SiLU(gate)', 'L9 down projection + residual'].map(g)).toEqual(Array(3).fill('MLP matmuls'));
    expect(['Q projection + RoPE', 'K projection + RoPE', 'V projection', 'O projection'].map(g)).toEqual(Array(4).fill('attention projections'));
    expect(['attention RMSNorm', 'MLP RMSNorm'].map(g)).toEqual(['RMSNorms', 'RMSNorms']);
    expect(['attention (flash_attn)', 'attention scores', 'attention softmax'].map(g)).toEqual(Array(3).fill('attention'));
    expect(g('K cache write')).toBe('KV cache writes');
    expect(g('LM head')).toBe('LM head');
    expect(g('matmul+add')).toBe('other');
    expect(KERNEL_GROUPS).toEqual(['MLP matmuls', 'attention projections', 'KV cache writes', 'RMSNorms', 'attention', 'LM head', 'other']);
  });
});

describe('the demos through the env, and graphs questions', () => {
  // the reference's dynamic demo results (tests/golden/demos/demos.json) as the lab's answers
  const DEMOS = JSON.parse(readFileSync(new URL('../golden/demos/demos.json', import.meta.url), 'utf8'));
  function mockLab() {
    const calls = [];
    return {
      calls,
      dynamic: (o) => {
        calls.push(['dynamic', o]);
        const r = DEMOS.dynamic.find((d) => d.strategy === o.strategy && d.from === o.from && d.steps === o.steps && d.config === o.config);
        if (!r) throw new Error('no such golden run');
        return r;
      },
      branch: (o) => { calls.push(['branch', o]); return { graphs: { error: 0, specialize: 1, guard: 2, lazy: 4 }[o.frontend], error: o.frontend === 'error' ? 'refused' : null, correct_on_second_input: o.frontend !== 'specialize' }; },
    };
  }
  it('passes the settings on (small layer by default) and runs each dynamic() once', () => {
    const lab = mockLab();
    const env = lessonEnv(fixture('small_decode'), [], { lab });
    expect(evaluate('dynamic("bucket", 5, 6).compiles + dynamic("bucket", 5, 6).cache_hits', env)).toBe(6);
    expect(evaluate('dynamic("bucket", 4000, 200, "llama8b").padded_slots', env)).toBe(421188);
    expect(evaluate('branch("guard").graphs', env)).toBe(2);
    expect(lab.calls).toEqual([
      ['dynamic', { strategy: 'bucket', from: 5, steps: 6, config: 'small' }],
      ['dynamic', { strategy: 'bucket', from: 4000, steps: 200, config: 'llama8b' }],
      ['branch', { frontend: 'guard' }],
    ]);
  });
  it('answers graphs questions from the demos', () => {
    const env = lessonEnv(fixture('small_decode'), [], { lab: mockLab() });
    const q = (o) => engineAnswer({ kind: 'graphs', prompt: 'p', ...o }, env);
    expect(q({ strategy: 'specialize', from: 5, steps: 6 })).toEqual({ kind: 'graphs', answer: 6, explain: 'specialize over 6 decode steps from S = 5: 6 compiles, 0 cache hits.' });
    expect(q({ strategy: 'symbolic', from: 5, steps: 6 })).toEqual({ kind: 'graphs', answer: 1, explain: 'symbolic over 6 decode steps from S = 5: 1 compile, 5 cache hits.' });
    expect(q({ strategy: 'bucket', from: 5, steps: 6 }).explain).toBe('bucket over 6 decode steps from S = 5: 2 compiles, 4 cache hits, 19 padded cache slots computed and masked.');
    expect(q({ frontend: 'guard' })).toEqual({ kind: 'graphs', answer: 2, explain: 'the guard front end traced 2 graphs for the two calls.' });
    expect(q({ frontend: 'specialize' }).explain).toBe('the specialize front end traced 1 graph for the two calls, and its answer on the second input is wrong.');
    expect(q({ frontend: 'error' }).explain).toBe('the error front end refuses the branch (refused): 0 graphs.');
  });
});

describe('answers explain themselves in the engine\'s numbers', () => {
  it('bound, plan, count, dominant on the small layer', () => {
    const env = envOf('small_prefill');
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 3 }, env).explain)
      .toBe('kernel #3 (V projection) does 6.19 FLOP/B; its ceiling\'s ridge is 295 FLOP/B, so it is memory-bound (1.18 ns at its bound, less than the 4 µs launch).');
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, env).explain)
      .toBe('10 launches × 4 µs = 40 µs of launch overhead vs 33.9 ns of roofline time (33.9 ns in memory-bound kernels, 0 s in compute-bound ones): launch-bound.');
    expect(engineAnswer({ kind: 'plan', prompt: 'p' }, env).explain)
      .toBe('naive (one buffer each) needs 17.3 KiB, greedy-by-size 9 KiB: greedy-by-size uses less, by 1.92×.');
    expect(engineAnswer({ kind: 'plan', prompt: 'p', plans: ['greedy', 'naive'], by: 'bytes', tolerance: 0.5 }, env))
      .toMatchObject({ answer: 'greedy', amount: 17664 - 9216, tolerance: 0.5, choices: ['greedy', 'naive', 'same'], explain: 'greedy-by-size needs 9 KiB, naive (one buffer each) 17.3 KiB: greedy-by-size uses less, by 8.25 KiB.' });
    expect(engineAnswer({ kind: 'plan', prompt: 'p', plans: ['greedy', 'lower_bound'] }, env).explain).toBe('greedy-by-size and the lower bound both need 9 KiB.');
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'cse' }, env).explain).toBe('after cse the graph has 63 nodes (65 before it, −2).');
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'decompose', what: 'ops' }, env).explain).toBe('after decompose the graph has 48 ops (33 before it, +15).');
    expect(engineAnswer({ kind: 'dominant', prompt: 'p', by: 'role' }, env)).toMatchObject({ answer: 'up projection × SiLU(gate)', by: 'role' });
    expect(() => engineAnswer({ kind: 'count', prompt: 'p', pass: 'dce' }, env)).toThrow('no stage "dce"');
    expect(() => engineAnswer({ kind: 'nope', prompt: 'p' }, env)).toThrow('unknown question kind "nope"');
  });
  it('the eager set, and a compute-bound set', () => {
    const big = envOf('llama8b_prefill_2048');
    // fused: the matmuls hold the time; eager: the extra round trips of every pointwise op outweigh them
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, big).answer).toBe('compute');
    expect(engineAnswer({ kind: 'bound', prompt: 'p', set: 'eager' }, big).answer).toBe('memory');
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 44, set: 'eager' }, big).kernel).toBe(44);
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p', kernel: 45, set: 'eager' }, big)).toThrow('there is no kernel 45 (45 eager kernels)');
    const d = engineAnswer({ kind: 'dominant', prompt: 'p' }, big);
    expect(d.explain).toMatch(/^MLP matmuls is the biggest part: 730 µs of 998 µs roofline time \(73\.1 %\); next is attention projections with 174 µs\.$/);
  });
});
