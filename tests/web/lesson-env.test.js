// lesson-env.test.js — the env lessons see (web/lessons/env.js), the engine's answers (questions.js) and
// highlights (highlight.js) on the reference's golden results (tests/fixtures/, the module's own output,
// never edited), without the WASM module. Provenance-based parts (removed nodes) are checked on a made-up
// provenance here and on the module in tests/lessons.test.js.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { buildStages } from '../../web/model.js';
import { liteStage } from '../../web/views/graph/collapse.js';
import { lessonEnv, removedBy } from '../../web/lessons/env.js';
import { engineAnswer } from '../../web/lessons/questions.js';
import { resolveHighlight } from '../../web/lessons/highlight.js';
import { answerProblem } from '../../web/lessons/play.js';
import { evaluate } from '../../web/lessons/expr.js';

const fixture = (name) => JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'));
function envOf(name, state = { stage: 6, kset: 'fused' }, lite = false) {
  const r = fixture(name);
  const stages = buildStages(r);
  return lessonEnv(r, lite ? stages.map(liteStage) : stages, { state });
}

describe('lessonEnv on the small layer (tests/fixtures/small_prefill.json)', () => {
  const env = envOf('small_prefill');
  it('has the passes and stages by key, with counts and op tallies', () => {
    expect(env.passes.map((p) => p.nodes)).toEqual([53, 47, 65, 63, 63, 63, 59]);
    expect(Object.keys(env.stages)).toEqual(['trace', 'match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
    expect(env.stages.trace).toMatchObject({ index: 0, count: 53, ops_count: 38, layers: 1 });
    expect(env.stages.trace.ops).toMatchObject({ param: 9, input: 1, const: 5, softmax: 1, rms_norm: 2, silu: 1 });
    expect(env.stages.match_attention.ops.flash_attn).toBe(1);
    expect(env.stage.key).toBe('fold_norm_weight');
    expect(env.final.names).toContain('wq·diag(attn_norm)');
  });
  it('has the kernels on the roofline: all memory-bound, the layer launch-bound', () => {
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
    expect(env.memory).toMatchObject({ naive: 17664, greedy: 9216, lower_bound: 9216, saved: 17664 - 9216, ratio: 1 });
    expect(env.memory.buffers).toHaveLength(11);
    expect(env.memory.buffers[10]).toEqual({ bytes: 1536, start: 9, end: 10, node: 58 });
  });
  it('answers questions from the engine', () => {
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
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p', kernel: 10 }, env)).toThrow('there is no kernel 10 (10 fused kernels)');
    // the golden result has no provenance: nothing to score a click against
    expect(() => engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, env)).toThrow('has no provenance');
    expect(() => engineAnswer({ kind: 'graphs', prompt: 'p', frontend: 'guard' }, env)).toThrow("branch() needs the lab's module");
    expect(() => evaluate('dynamic("bucket", 5, 28).compiles', env)).toThrow("dynamic(…): dynamic() needs the lab's module");
  });
  it('resolves highlights, and says which part resolves to nothing', () => {
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
  const env = envOf('llama8b_prefill_2048');
  it('puts the RMSNorms below the ridge and the matmuls above it', () => {
    expect(env.kernels.map((k) => k.bound)).toEqual(['memory', 'compute', 'compute', 'compute', 'compute', 'compute', 'memory', 'compute', 'compute', 'compute']);
    expect(Math.round(env.kernels[1].ridge)).toBe(295);
    expect(Math.round(env.kernels[0].ridge)).toBe(20);
    expect(env.fused.launch_bound).toBe(false);
  });
  it('finds the MLP matmuls dominant, by group, and a single role by role', () => {
    const d = engineAnswer({ kind: 'dominant', prompt: 'p' }, env);
    expect(d).toMatchObject({ answer: 'MLP matmuls', by: 'group' });
    expect(d.choices).toEqual(['RMSNorms', 'attention projections', 'attention', 'MLP matmuls']);
    expect(d.share).toBeGreaterThan(0.7);
    expect(engineAnswer({ kind: 'dominant', prompt: 'p', by: 'role' }, env).answer).toMatch(/projection/);
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, env).answer).toBe('compute');
  });
  it('on a summarised stage: counts only, and a node highlight is refused', () => {
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
