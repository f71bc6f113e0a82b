// lesson-questions.test.js — web/lessons/questions.js on small hand-made lesson environments: what a lesson
// author is told about a question's fields (questionProblems), the engine's answer and the explanation a
// student reads for each kind (engineAnswer), and how a student's answer is graded (score). Every expected
// value — answers, choices, messages — is written out by hand from the module's rules and format.js's.
import { describe, expect, it } from 'vitest';

import { engineAnswer, KINDS, questionProblems, score } from '../../web/lessons/questions.js';
import { choicesOf } from '../../web/lessons/player/question.js';
import { setLang } from '../../web/i18n/i18n.js';
import { exerciseById, gradePass } from '../../web/lessons/exercises.js';

describe('questionProblems: what a lesson author is told', () => {
  it('refuses what is not a question object, and unknown kinds', () => {
    for (const q of [null, undefined, 'bound', 3, ['bound']]) expect(questionProblems(q)).toEqual([['', 'not an object']]);
    expect(KINDS).toEqual(['remove', 'bound', 'plan', 'graphs', 'count', 'dominant', 'pass', 'worst', 'helps']);
    expect(questionProblems({ kind: 'quiz', prompt: 'p' })).toEqual([['kind', 'not one of remove, bound, plan, graphs, count, dominant, pass, worst, helps']]);
    expect(questionProblems({ prompt: 'p' })).toEqual([['kind', 'not one of remove, bound, plan, graphs, count, dominant, pass, worst, helps']]);
  });

  it('a prompt must be a non-empty string; unknown fields and missing required ones are named', () => {
    expect(questionProblems({ kind: 'bound', prompt: '   ' })).toEqual([['prompt', 'not a non-empty string']]);
    expect(questionProblems({ kind: 'bound', prompt: 7 })).toEqual([['prompt', 'not a non-empty string']]);
    expect(questionProblems({ kind: 'bound' })).toEqual([['prompt', 'not a non-empty string']]);
    expect(questionProblems({ kind: 'bound', prompt: 'p', pass: 'cse' })).toEqual([['pass', 'unknown field for a "bound" question']]);
    expect(questionProblems({ kind: 'count', prompt: 'p' })).toEqual([['pass', 'missing']]);
    expect(questionProblems({ kind: 'remove', prompt: 'p' })).toEqual([['pass', 'missing']]);
    expect(questionProblems({ kind: 'dominant', prompt: 'p', set: 'eager', by: 'role' })).toEqual([]);
    expect(questionProblems({ kind: 'dominant', prompt: 'p', by: 'kernel' })).toEqual([['by', 'not one of group, role']]);
  });

  it('a pass is named by its stage key, never the trace', () => {
    for (const pass of ['cse', 'match_attention', 'cse#2', 'cse#12']) expect(questionProblems({ kind: 'count', prompt: 'p', pass })).toEqual([]);
    const why = 'not a pass of the pipeline (its stage key, e.g. "cse")';
    for (const pass of ['trace', 'CSE', 'cse#', 'cse#x', 'the cse', 'cse ', '', 5, ['cse']]) {
      expect(questionProblems({ kind: 'count', prompt: 'p', pass }), String(pass)).toEqual([['pass', why]]);
    }
    expect(questionProblems({ kind: 'count', prompt: 'p', pass: 'cse', what: 'ops' })).toEqual([]);
    expect(questionProblems({ kind: 'count', prompt: 'p', pass: 'cse', what: 'edges' })).toEqual([['what', 'not one of nodes, ops']]);
  });

  it('kernel numbers are whole and in range; a kernel set is fused or eager', () => {
    for (const kernel of [0, 12, 1000000]) expect(questionProblems({ kind: 'bound', prompt: 'p', kernel })).toEqual([]);
    for (const kernel of [-1, 1.5, 1000001, '3']) {
      expect(questionProblems({ kind: 'bound', prompt: 'p', kernel })).toEqual([['kernel', 'not a whole number in 0…1000000']]);
    }
    expect(questionProblems({ kind: 'bound', prompt: 'p', set: 'lazy' })).toEqual([['set', 'not one of fused, eager']]);
  });

  it('plan questions: two different plans, by ratio or bytes, a tolerance in (0, 1]', () => {
    expect(questionProblems({ kind: 'plan', prompt: 'p', plans: ['naive', 'lower_bound'], by: 'bytes', tolerance: 1 })).toEqual([]);
    const pair = 'not two different plans of naive, greedy, lower_bound';
    for (const plans of [['naive'], ['naive', 'greedy', 'lower_bound'], ['naive', 'best'], ['greedy', 'greedy'], 'naive']) {
      expect(questionProblems({ kind: 'plan', prompt: 'p', plans })).toEqual([['plans', pair]]);
    }
    for (const tolerance of [0, 1.01, -0.5, '0.1']) {
      expect(questionProblems({ kind: 'plan', prompt: 'p', tolerance })).toEqual([['tolerance', 'not a number in (0, 1]']]);
    }
    expect(questionProblems({ kind: 'plan', prompt: 'p', tolerance: 0.05, by: 'percent' })).toEqual([['by', 'not one of ratio, bytes']]);
  });

  it('graphs questions: a front end, or a strategy with its start and steps, never both', () => {
    expect(questionProblems({ kind: 'graphs', prompt: 'p', frontend: 'guard' })).toEqual([]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'symbolic', from: 1, steps: 1024, config: 'llama8b' })).toEqual([]);
    const both = [['frontend', 'either a front end or strategy/from/steps, not both']];
    expect(questionProblems({ kind: 'graphs', prompt: 'p', frontend: 'guard', steps: 4 })).toEqual(both);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', frontend: 'guard', config: 'small' })).toEqual(both);
    const missing = 'missing (strategy, from and steps, or frontend)';
    expect(questionProblems({ kind: 'graphs', prompt: 'p' })).toEqual([['strategy', missing]]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', config: 'small' })).toEqual([['strategy', missing]]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'bucket', from: 5 })).toEqual([['steps', missing]]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'bucket', steps: 5 })).toEqual([['from', missing]]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', from: 5, steps: 5 })).toEqual([['strategy', missing]]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'bucket', from: 0, steps: 1025 })).toEqual([
      ['from', 'not a whole number in 1…1000000'], ['steps', 'not a whole number in 1…1024'],
    ]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', frontend: 'trace' })).toEqual([['frontend', 'not one of error, specialize, guard, lazy']]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'eager', from: 1, steps: 1 })).toEqual([['strategy', 'not one of specialize, bucket, symbolic']]);
    expect(questionProblems({ kind: 'graphs', prompt: 'p', strategy: 'bucket', from: 1, steps: 1, config: 'gpt' })).toEqual([['config', 'not one of small, llama8b']]);
  });

  it('with the step\'s pipeline: the pass must be in it, and the step must show the graph before it', () => {
    const pipelineKeys = ['trace', 'match_attention', 'cse', 'dce'];
    expect(questionProblems({ kind: 'remove', prompt: 'p', pass: 'cse' }, { pipelineKeys })).toEqual([]);
    expect(questionProblems({ kind: 'remove', prompt: 'p', pass: 'cse' }, { pipelineKeys, stage: 1 })).toEqual([]);
    expect(questionProblems({ kind: 'count', prompt: 'p', pass: 'simplify' }, { pipelineKeys })).toEqual([
      ['pass', '"simplify" is not in the step\'s pipeline (match_attention, cse, dce)'],
    ]);
    expect(questionProblems({ kind: 'count', prompt: 'p', pass: 'cse' }, { pipelineKeys: ['trace'] })).toEqual([
      ['pass', '"cse" is not in the step\'s pipeline (empty)'],
    ]);
    expect(questionProblems({ kind: 'remove', prompt: 'p', pass: 'cse' }, { pipelineKeys, stage: 2 })).toEqual([
      ['pass', 'the step shows stage 2; a question about cse (stage 2) needs stage=1, the graph before it'],
    ]);
    expect(questionProblems({ kind: 'count', prompt: 'p', pass: 'dce' }, { pipelineKeys, stage: 0 })).toEqual([
      ['pass', 'the step shows stage 0; a question about dce (stage 3) needs stage=2, the graph before it'],
    ]);
    // a pass that is no stage key is reported once, not again as missing from the pipeline
    expect(questionProblems({ kind: 'count', prompt: 'p', pass: 'trace' }, { pipelineKeys, stage: 0 })).toEqual([
      ['pass', 'not a pass of the pipeline (its stage key, e.g. "cse")'],
    ]);
    // the pipeline check is for the kinds that name a pass
    expect(questionProblems({ kind: 'bound', prompt: 'p' }, { pipelineKeys: ['trace'], stage: 0 })).toEqual([]);
    expect(questionProblems({ kind: 'bound', prompt: 'p', pass: 'simplify' }, { pipelineKeys, stage: 0 })).toEqual([
      ['pass', 'unknown field for a "bound" question'],
    ]);
  });
});

// ------------------------------------------------------------------------------------------ engine answers
function removeEnv(removed, keys, stage = {}) {
  return {
    stages: { cse: { index: 2, lite: false, removed, removed_keys: keys, ...stage } },
    stage_list: [{ nodes: [] }, { nodes: { 4: { op: 'mul' }, 6: { op: 'add' }, 7: { op: 'mul' } } }],
  };
}

describe('engineAnswer: remove', () => {
  it('the nodes the pass removes or merges, by key and id, with what they are', () => {
    const env = removeEnv([4, 6, 7], ['n4', 's1n6', 'n7']);
    const a = engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, env);
    // copies: grading or a view changing the answer never changes the stage
    expect(a.answer).not.toBe(env.stages.cse.removed_keys);
    expect(a.ids).not.toBe(env.stages.cse.removed);
    expect(a).toEqual({
      kind: 'remove', answer: ['n4', 's1n6', 'n7'], ids: [4, 6, 7],
      explain: 'cse removes or merges 3 nodes of the graph before it (2 mul, 1 add): %4, %6, %7.',
    });
    expect(engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, removeEnv([6], ['s1n6'])).explain)
      .toBe('cse removes or merges 1 node of the graph before it (1 add): %6.');
    expect(engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, removeEnv([], []))).toEqual({
      kind: 'remove', answer: [], ids: [], explain: 'cse removes and merges nothing here: every node survives.',
    });
  });

  it('needs the pass\'s stage, small and with provenance', () => {
    expect(() => engineAnswer({ kind: 'remove', prompt: 'p', pass: 'dce' }, removeEnv([], []))).toThrow('no stage "dce"');
    const small = '"cse" is a summarised stage (a big stack) or has no provenance: a remove question needs a small graph';
    expect(() => engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, removeEnv([4], ['n4'], { lite: true }))).toThrow(small);
    expect(() => engineAnswer({ kind: 'remove', prompt: 'p', pass: 'cse' }, removeEnv(null, []))).toThrow(small);
  });
});

const KERNELS = [
  { index: 0, name: 'rms_norm', bound: 'memory', intensity: 0.5, ridge: 295, time_s: 3e-6, launch_bound: true },
  { index: 1, name: 'matmul wq', bound: 'compute', intensity: 512, ridge: 295, time_s: 1.23e-5, launch_bound: false },
  { index: 2, name: 'softmax', bound: 'memory', intensity: 1.25, ridge: 295, time_s: 1e-6, launch_bound: true },
];
function boundEnv(set = {}, eager = undefined) {
  return { device: { launch: 5e-6 }, fused: { kernels: KERNELS, launch_bound: false, count: 3, launch_s: 1.5e-5, time_s: 1.63e-5, ...set }, eager };
}

describe('engineAnswer: bound', () => {
  it('one kernel: its bound, with its intensity against the ridge', () => {
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 1 }, boundEnv())).toEqual({
      kind: 'bound', answer: 'compute', choices: ['memory', 'compute'], kernel: 1,
      explain: 'kernel #1 (matmul wq) does 512 FLOP/B; its ceiling\'s ridge is 295 FLOP/B, so it is compute-bound (12.3 µs at its bound).',
    });
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 0 }, boundEnv()).explain).toBe(
      'kernel #0 (rms_norm) does 0.5 FLOP/B; its ceiling\'s ridge is 295 FLOP/B, so it is memory-bound (3 µs at its bound, less than the 5 µs launch).');
  });

  it('the eager set when asked; a kernel or a set that is not there is an error', () => {
    const eager = { kernels: [{ ...KERNELS[1], index: 0, bound: 'memory' }] };
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 0, set: 'eager' }, boundEnv({}, eager)).answer).toBe('memory');
    expect(engineAnswer({ kind: 'bound', prompt: 'p', kernel: 0, set: 'fused' }, boundEnv({}, eager)).answer).toBe('memory');
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p', kernel: 3 }, boundEnv())).toThrow('there is no kernel 3 (3 fused kernels)');
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p', kernel: 1, set: 'eager' }, boundEnv({}, eager))).toThrow('there is no kernel 1 (1 eager kernels)');
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p', set: 'eager' }, boundEnv())).toThrow('the result has no eager kernels');
    expect(() => engineAnswer({ kind: 'bound', prompt: 'p' }, { device: {} })).toThrow('the result has no fused kernels');
  });

  it('the whole set: launch-bound, else where the roofline time is (memory on a tie)', () => {
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, boundEnv())).toEqual({
      kind: 'bound', answer: 'compute', choices: ['launch', 'memory', 'compute'],
      explain: '3 launches × 5 µs = 15 µs of launch overhead vs 16.3 µs of roofline time (4 µs in memory-bound kernels, 12.3 µs in compute-bound ones): compute-bound.',
    });
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, boundEnv({ launch_bound: true })).answer).toBe('launch');
    const tie = [{ ...KERNELS[0], time_s: 2e-6 }, { ...KERNELS[1], time_s: 2e-6 }];
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, boundEnv({ kernels: tie })).answer).toBe('memory');
    const mem = [{ ...KERNELS[0], time_s: 3e-6 }, { ...KERNELS[1], time_s: 2e-6 }];
    expect(engineAnswer({ kind: 'bound', prompt: 'p' }, boundEnv({ kernels: mem })).answer).toBe('memory');
  });
});

describe('engineAnswer: plan', () => {
  const env = { memory: { naive: 3072, greedy: 1024, lower_bound: 1024 } };

  it('naive against greedy by ratio, unless the question says otherwise', () => {
    expect(engineAnswer({ kind: 'plan', prompt: 'p' }, env)).toEqual({
      kind: 'plan', answer: 'greedy', choices: ['naive', 'greedy', 'same'], by: 'ratio', amount: 3, tolerance: 0.1,
      explain: 'naive (one buffer each) needs 3 KiB, greedy-by-size 1 KiB: greedy-by-size uses less, by 3×.',
    });
    expect(engineAnswer({ kind: 'plan', prompt: 'p', plans: ['greedy', 'naive'], by: 'bytes', tolerance: 0.25 }, env)).toEqual({
      kind: 'plan', answer: 'greedy', choices: ['greedy', 'naive', 'same'], by: 'bytes', amount: 2048, tolerance: 0.25,
      explain: 'greedy-by-size needs 1 KiB, naive (one buffer each) 3 KiB: greedy-by-size uses less, by 2 KiB.',
    });
  });

  it('two plans that need the same: "same"; a plan needing nothing has no ratio', () => {
    expect(engineAnswer({ kind: 'plan', prompt: 'p', plans: ['lower_bound', 'greedy'] }, env)).toMatchObject({
      answer: 'same', choices: ['lower_bound', 'greedy', 'same'], amount: 1,
      explain: 'the lower bound and greedy-by-size both need 1 KiB.',
    });
    expect(engineAnswer({ kind: 'plan', prompt: 'p', plans: ['naive', 'lower_bound'] }, { memory: { naive: 512, lower_bound: 0 } }))
      .toMatchObject({ answer: 'lower_bound', amount: null });
    expect(() => engineAnswer({ kind: 'plan', prompt: 'p' }, {})).toThrow('the result has no memory plan');
  });
});

describe('engineAnswer: graphs', () => {
  it('a front end on the branch demo', () => {
    const asked = [];
    const env = { branch: (f) => { asked.push(f); return f === 'error' ? { graphs: 0, error: 'a data-dependent branch' } : f === 'guard' ? { graphs: 2, correct_on_second_input: true } : { graphs: 1, correct_on_second_input: false }; } };
    expect(engineAnswer({ kind: 'graphs', prompt: 'p', frontend: 'guard' }, env)).toEqual({
      kind: 'graphs', answer: 2, explain: 'the guard front end traced 2 graphs for the two calls.',
    });
    expect(engineAnswer({ kind: 'graphs', prompt: 'p', frontend: 'specialize' }, env).explain)
      .toBe('the specialize front end traced 1 graph for the two calls, and its answer on the second input is wrong.');
    expect(engineAnswer({ kind: 'graphs', prompt: 'p', frontend: 'error' }, env)).toEqual({
      kind: 'graphs', answer: 0, explain: 'the error front end refuses the branch (a data-dependent branch): 0 graphs.',
    });
    expect(asked).toEqual(['guard', 'specialize', 'error']);
  });

  it('a strategy on the dynamic demo: compiles over the decode steps', () => {
    const asked = [];
    const env = { dynamic: (...a) => { asked.push(a); return a[0] === 'specialize' ? { compiles: 28, cache_hits: 0, padded_slots: 0 } : { compiles: 1, cache_hits: 1, padded_slots: 12 }; } };
    expect(engineAnswer({ kind: 'graphs', prompt: 'p', strategy: 'specialize', from: 5, steps: 28 }, env)).toEqual({
      kind: 'graphs', answer: 28, explain: 'specialize over 28 decode steps from S = 5: 28 compiles, 0 cache hits.',
    });
    expect(engineAnswer({ kind: 'graphs', prompt: 'p', strategy: 'bucket', from: 12000, steps: 2, config: 'llama8b' }, env).explain)
      .toBe('bucket over 2 decode steps from S = 12 k: 1 compile, 1 cache hit, 12 padded cache slots computed and masked.');
    expect(asked).toEqual([['specialize', 5, 28, 'small'], ['bucket', 12000, 2, 'llama8b']]);
  });
});

describe('engineAnswer: count', () => {
  const env = { stages: { cse: { index: 2, count: 63, ops_count: 40 } }, stage_list: [{}, { count: 65, ops_count: 40 }] };
  it('nodes or ops after the pass, with the change from the stage before', () => {
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'cse' }, env)).toEqual({
      kind: 'count', answer: 63, explain: 'after cse the graph has 63 nodes (65 before it, −2).',
    });
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'cse', what: 'ops' }, env)).toEqual({
      kind: 'count', answer: 40, explain: 'after cse the graph has 40 ops (40 before it, +0).',
    });
    const grew = { stages: { d: { index: 1, count: 12500, ops_count: 3 } }, stage_list: [{ count: 10000, ops_count: 4 }] };
    expect(engineAnswer({ kind: 'count', prompt: 'p', pass: 'd', what: 'nodes' }, grew).explain).toBe('after d the graph has 12.5 k nodes (10 k before it, +2500).');
    expect(() => engineAnswer({ kind: 'count', prompt: 'p', pass: 'dce' }, env)).toThrow('no stage "dce"');
  });
});

describe('engineAnswer: dominant', () => {
  const kernels = [
    { group: 'attention', role: 'scores' }, { group: 'mlp', role: 'up' }, { group: 'attention', role: 'softmax' },
    { group: 'norm', role: 'rms' }, { group: 'mlp', role: 'down' }, { group: 'rope', role: 'rope' }, { group: 'embed', role: 'gather' },
  ];
  const set = {
    kernels,
    time_by_group: { attention: 3e-6, mlp: 5e-6, norm: 1e-6 },
    time_by_role: { scores: 1e-6, up: 2e-6, softmax: 2e-6, rms: 5e-7, down: 3e-6, rope: 4e-7, gather: 1e-7 },
  };

  it('the group with the most roofline time; the choices in the order the kernels run', () => {
    const a = engineAnswer({ kind: 'dominant', prompt: 'p' }, { fused: set });
    expect(a.share).toBeCloseTo(0.5556, 4);
    expect({ ...a, share: 0 }).toEqual({
      kind: 'dominant', answer: 'mlp', choices: ['attention', 'mlp', 'norm'], by: 'group', share: 0,
      explain: 'mlp is the biggest part: 5 µs of 9 µs roofline time (55.6 %); next is attention with 3 µs.',
    });
  });

  it('by role: the top five as choices', () => {
    const a = engineAnswer({ kind: 'dominant', prompt: 'p', by: 'role', set: 'eager' }, { eager: set });
    expect(a.answer).toBe('down');
    expect(a.choices).toEqual(['scores', 'up', 'softmax', 'rms', 'down']);
    expect(a.explain).toBe('down is the biggest part: 3 µs of 9 µs roofline time (33.3 %); next is up with 2 µs.');
  });

  it('one group only: no "next"; none: an error', () => {
    const one = { kernels: [{ group: 'mlp' }], time_by_group: { mlp: 2e-3 } };
    expect(engineAnswer({ kind: 'dominant', prompt: 'p' }, { fused: one })).toMatchObject({
      answer: 'mlp', choices: ['mlp'], share: 1, explain: 'mlp is the biggest part: 2 ms of 2 ms roofline time (100 %).',
    });
    expect(() => engineAnswer({ kind: 'dominant', prompt: 'p' }, { fused: { kernels: [], time_by_group: {} } })).toThrow('no kernels');
  });
});

describe('engineAnswer: an unknown kind', () => {
  it('is an error naming it', () => {
    expect(() => engineAnswer({ kind: 'essay' }, {})).toThrow('unknown question kind "essay"');
    expect(() => engineAnswer(null, {})).toThrow('unknown question kind null');
  });
});

// ------------------------------------------------------------------------------------------ grading
describe('score: grading a student\'s answer', () => {
  const remove = { kind: 'remove', answer: ['n26', 'n29'], ids: [34, 37], explain: 'E' };

  it('remove: all right (one or many), none picked, or mixed keys and ids read as keys', () => {
    expect(score({ kind: 'remove' }, remove, ['n26', 'n29'])).toEqual({ correct: true, message: 'Right: all 2 nodes. E' });
    expect(score({ kind: 'remove' }, { ...remove, answer: ['n3'], ids: [3] }, [3])).toEqual({ correct: true, message: 'Right: all 1 node. E' });
    expect(score({ kind: 'remove' }, remove, [])).toEqual({ correct: false, message: 'Not quite: 2 missed. E' });
    expect(score({ kind: 'remove' }, remove, ['n26', 37])).toEqual({ correct: false, message: 'Not quite: 1 right, 1 missed, 1 node that survives. E' });
    expect(score({ kind: 'remove' }, remove, ['n26', 'n29', 34])).toEqual({ correct: false, message: 'Not quite: 2 right, 1 node that survives. E' });
    expect(score({ kind: 'remove' }, remove, 'n26')).toEqual({ correct: false, message: 'Pick the nodes first.' });
    // the same node twice counts once
    expect(score({ kind: 'remove' }, remove, ['n26', 'n26', 'n29']).correct).toBe(true);
    expect(score({ kind: 'remove' }, { ...remove, answer: [], ids: [] }, [])).toEqual({ correct: true, message: 'Right: all 0 nodes. E' });
  });

  it('bound and dominant: a choice must be picked', () => {
    const ans = { kind: 'dominant', answer: 'mlp', explain: 'E' };
    expect(score({ kind: 'dominant' }, ans, 'mlp')).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'dominant' }, ans, 'norm')).toEqual({ correct: false, message: 'No: mlp. E' });
    expect(score({ kind: 'dominant' }, ans, null)).toEqual({ correct: false, message: 'Pick an answer first.' });
    expect(score({ kind: 'bound' }, ans, 3)).toEqual({ correct: false, message: 'Pick an answer first.' });
  });

  it('plan: the plan first, then the amount within the tolerance (inclusive)', () => {
    const ans = { kind: 'plan', answer: 'greedy', by: 'ratio', amount: 4, tolerance: 0.25, explain: 'E' };
    expect(score({ kind: 'plan' }, ans, null)).toEqual({ correct: false, message: 'Pick a plan first.' });
    expect(score({ kind: 'plan' }, ans, { amount: 4 })).toEqual({ correct: false, message: 'Pick a plan first.' });
    expect(score({ kind: 'plan' }, ans, 'lower_bound')).toEqual({ correct: false, message: 'No: greedy-by-size. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy' })).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: null })).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 5 })).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 3 })).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: '4.5' })).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 5.5 })).toEqual({ correct: false, message: 'The right plan, but not by 5.5×. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 2.9 })).toEqual({ correct: false, message: 'The right plan, but not by 2.9×. E' });
    expect(score({ kind: 'plan' }, ans, { plan: 'greedy', amount: 'lots' })).toEqual({ correct: false, message: 'The right plan, but not by NaN×. E' });
    const bytes = { ...ans, by: 'bytes', amount: 2048, tolerance: 0.1 };
    expect(score({ kind: 'plan' }, bytes, { plan: 'greedy', amount: 100 })).toEqual({ correct: false, message: 'The right plan, but not by 100 B. E' });
    // "the same": no amount to judge
    const same = { ...ans, answer: 'same', amount: 1 };
    expect(score({ kind: 'plan' }, same, { plan: 'same', amount: 7 })).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'plan' }, same, 'naive')).toEqual({ correct: false, message: 'No: they are the same. E' });
  });

  it('graphs and count: a number, typed or given', () => {
    const ans = { kind: 'count', answer: 12000, explain: 'E' };
    expect(score({ kind: 'count' }, ans, 12000)).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'count' }, ans, ' 12000 ')).toEqual({ correct: true, message: 'Right. E' });
    expect(score({ kind: 'count' }, ans, 3)).toEqual({ correct: false, message: 'No: 12 k, not 3. E' });
    for (const bad of ['12000 nodes', '1.5', '', '-3', Infinity, NaN, null, [12000]]) {
      expect(score({ kind: 'graphs' }, ans, bad), String(bad)).toEqual({ correct: false, message: 'Type a number first.' });
    }
  });

  it('an unknown kind is an error', () => {
    expect(() => score({ kind: 'essay' }, {}, 'x')).toThrow('unknown question kind "essay"');
  });
});

describe('pass questions (write a pass: exercises.js, graded by the module)', () => {
  it('name an exercise that exists', () => {
    expect(questionProblems({ kind: 'pass', prompt: 'p', exercise: 'fuse-silu' })).toEqual([]);
    expect(questionProblems({ kind: 'pass', prompt: 'p', exercise: 'nope' })[0][0]).toBe('exercise');
    expect(questionProblems({ kind: 'pass', prompt: 'p' })[0][0]).toBe('exercise');
  });
  it('score: nothing written yet, the module still loading, then the grader\'s verdict', () => {
    const q = { kind: 'pass', prompt: 'p', exercise: 'fuse-silu' };
    const loading = engineAnswer(q, { pypass: null });
    expect(score(q, loading, '')).toEqual({ correct: false, message: 'Write your pass in the Passes panel and press Run pass first.' });
    expect(score(q, loading, 'def fuse_silu(g):\n    return g, 0\n')).toEqual({ correct: false, message: 'The compiler module is still loading: check again in a moment.' });
    const seen = [];
    const lab = {
      pypass: (c, src, fn, o) => {
        seen.push(`${fn}@${o.file}`);
        if (o.file === 'solution.py') return { text: '%0 = input()\n', hits: 1, judge: { ok: true, verdict: 'same', line: 'same' } };
        throw Object.assign(new Error('pass.py:2:5: NameError: name \'x\' is not defined'), { code: 'invalid' });
      },
    };
    const ans = engineAnswer(q, { pypass: lab.pypass });
    const v = score(q, ans, 'def fuse_silu(g):\n    return x\n');
    expect(v.correct).toBe(false);
    expect(v.message).toBe('Your pass failed: pass.py:2:5: NameError: name \'x\' is not defined');
    expect(seen).toEqual(['fuse_silu@solution.py', 'fuse_silu@pass.py']);
  });
});

describe('in Chinese (issue 34): the same answers, the explanations and verdicts from the zh-CN catalogue', () => {
  const env = { stages: { cse: { index: 2, count: 63, ops_count: 40 } }, stage_list: [{}, { count: 65, ops_count: 40 }] };
  const inZh = (fn) => { setLang('zh'); try { return fn(); } finally { setLang('en'); } };
  it('a count question: answer, explanation and verdicts', () => {
    const q = { kind: 'count', prompt: 'p', pass: 'cse' };
    const a = inZh(() => engineAnswer(q, env));
    expect(a).toEqual({ kind: 'count', answer: 63, explain: 'cse 之后计算图有 63 个节点（之前 65 个，−2）。' });
    expect(inZh(() => score(q, a, '60'))).toEqual({ correct: false, message: '不对：是 63，不是 60。cse 之后计算图有 63 个节点（之前 65 个，−2）。' });
    expect(inZh(() => score(q, a, '63')).message).toBe('正确。cse 之后计算图有 63 个节点（之前 65 个，−2）。');
    expect(inZh(() => score(q, a, null)).message).toBe('请先输入一个数字。');
    // and English again, word for word as before
    expect(score(q, engineAnswer(q, env), '60').message).toBe('No: 63, not 60. after cse the graph has 63 nodes (65 before it, −2).');
  });
  it('a bound answer names the bound in Chinese; the choices read in Chinese', () => {
    const a = { kind: 'bound', answer: 'memory', choices: ['memory', 'compute'], explain: 'E' };
    expect(inZh(() => score({ kind: 'bound' }, a, 'compute').message)).toBe('不对，答案是：访存受限。E');
    expect(score({ kind: 'bound' }, a, 'compute').message).toBe('No: memory. E');
    expect(inZh(() => choicesOf(a))).toEqual([{ value: 'memory', label: '访存受限' }, { value: 'compute', label: '计算受限' }]);
    expect(choicesOf(a)).toEqual([{ value: 'memory', label: 'memory-bound' }, { value: 'compute', label: 'compute-bound' }]);
  });
  it('a written pass is graded in Chinese around the core\'s judge line', () => {
    const ex = exerciseById('cancel-transposes');
    const lab = (r) => ({ pypass: (c, src, fn, o) => (o.file === 'solution.py' ? { text: '%0 = x\n%1 = y', hits: 1 } : r) });
    expect(inZh(() => gradePass(ex, 'x = 1', lab({})).message)).toBe('你的代码没有定义函数：请写 def cancel_transposes(g):');
    const same = { text: '%0 = x\n%1 = y', hits: 1, judge: { ok: true, verdict: 'exact', line: 'exact: 2 values equal' } };
    expect(inZh(() => gradePass(ex, 'def cancel_transposes(g):\n  return g, 0', lab(same)).message)).toBe('正确：exact: 2 values equal。');
    expect(gradePass(ex, 'def cancel_transposes(g):\n  return g, 0', lab({ ...same, hits: 2 })).message).toBe('The graph is right, but your pass counts 2 rewrites where there were 1.');
    expect(inZh(() => gradePass(ex, 'def cancel_transposes(g):\n  return g, 0', lab({ ...same, hits: 2 })).message)).toBe('计算图是对的，但你的 pass 计了 2 次改写，实际是 1 次。');
  });
  it('a remove verdict counts in Chinese', () => {
    const a = { kind: 'remove', answer: ['n1', 'n2'], ids: [1, 2], explain: 'E' };
    expect(inZh(() => score({ kind: 'remove' }, a, ['n1', 'n9']).message)).toBe('不完全对：对了 1 个，漏了 1 个，1 个选中的节点其实保留了下来。E');
    expect(score({ kind: 'remove' }, a, ['n1', 'n9']).message).toBe('Not quite: 1 right, 1 missed, 1 node that survives. E');
    expect(inZh(() => score({ kind: 'remove' }, a, ['n1', 'n2']).message)).toBe('正确：全部 2 个节点。E');
  });
});
