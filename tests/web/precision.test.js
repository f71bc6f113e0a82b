// precision.test.js — the lab's side of issue 35, pure modules only: web/precision.js (the numbers' text, the
// colour scale and its legend's ticks, the table's order, the worst node and the layers as the core gives them),
// the plan's hash keys and case key (web/state.js), env.precision()'s keys (web/lessons/env.js withKeys) and the
// two precision questions (web/lessons/questions.js: worst, helps) over a fixture result that has the core's
// error.worst and error.layers keys.
import { describe, expect, it } from 'vitest';

import {
  runKey, fmtErr, fmtSnr, fmtAdded, nodeLabel, rampColour, errorPosition, errorColour, textOn, legendOf, sortedRows,
  worstOf, layersOf, layerBars, planText, RAMP, EXACT_COLOUR, OVERFLOW_COLOUR,
} from '../../web/precision.js';
import { defaultState, withPatch, caseFromState, precisionOf, parseHash, serializeHash } from '../../web/state.js';
import { withKeys } from '../../web/lessons/env.js';
import { engineAnswer, score, questionProblems } from '../../web/lessons/questions.js';

// a result's "error" as the core writes it, with the keys of the C helper's work (worst, layers)
const ERROR = {
  plan: { weights: 'int8', activations: 'fp8_e4m3', kv: 'f64', accumulate: 'f64' },
  nodes: [
    { node: 0, max_abs: 0, max_rel: 0, snr_db: null },
    { node: 1, max_abs: 0.0018, max_rel: 0.0039, snr_db: 41.9 },
    { node: 2, max_abs: null, max_rel: null, snr_db: null },
    { node: 3, max_abs: 0.25, max_rel: 0.12, snr_db: 18.9 },
    { node: 4, max_abs: 0.5, max_rel: 0.12, snr_db: 19.0 },
    { node: 5, max_abs: 1e-9, max_rel: 1e-10, snr_db: 190 },
  ],
  outputs: [{ max_abs: 0.5, max_rel: 0.12 }],
  worst: { node: 3, added_db: 12.34 },
  layers: [
    { layer: 0, max_abs: 0.25, max_rel: 1e-2, snr_db: 40.1, worst: 3 },
    { layer: 1, max_abs: 0, max_rel: 0, snr_db: null, worst: null },
    { layer: 2, max_abs: null, max_rel: null, snr_db: null, worst: { node: 2, added_db: 3 } },
  ],
};
const NODES = [
  { id: 0, op: 'param', name: 'w_down', inputs: [] },
  { id: 1, op: 'input', name: 'x', inputs: [] },
  { id: 2, op: 'causal_mask', name: '', inputs: [] },
  { id: 3, op: 'matmul', name: '', inputs: [1, 0] },
  { id: 4, op: 'flash_attn', name: 'flash_attn', inputs: [1, 1, 1] },
  { id: 5, op: 'add', name: '', inputs: [3, 4] },
];

describe('text', () => {
  it('errors, SNR and the added noise', () => {
    expect(fmtErr(0)).toBe('0');
    expect(fmtErr(0.0039343)).toBe('3.93e-3');
    expect(fmtErr(1234.5)).toBe('1.23e3');
    expect(fmtErr(null)).toBe('overflow');
    expect(fmtSnr({ max_abs: 1, max_rel: 1, snr_db: 41.87 })).toBe('41.9 dB');
    expect(fmtSnr({ max_abs: 0, max_rel: 0, snr_db: null })).toBe('exact');
    expect(fmtSnr({ max_abs: null, max_rel: null, snr_db: null })).toBe('overflow');
    expect(fmtAdded(12.34)).toBe('+12.3 dB');
    expect(fmtAdded(-3.21)).toBe('−3.2 dB');
    expect(fmtAdded(undefined)).toBe('');
  });

  it('a node by its op and name, or by the first named node it reads', () => {
    expect(nodeLabel(3, null)).toBe('%3');
    expect(nodeLabel(0, NODES[0])).toBe('%0 param w_down');
    expect(nodeLabel(4, NODES[4])).toBe('%4 flash_attn');
    expect(nodeLabel(3, NODES[3])).toBe('%3 matmul');
    expect(nodeLabel(3, NODES[3], NODES)).toBe('%3 matmul (x)');
    const long = [{ id: 0, op: 'param', name: 'wq·diag(attn_norm)·extra·long' }, { id: 1, op: 'matmul', name: '', inputs: [0] }];
    expect(nodeLabel(1, long[1], long)).toBe('%1 matmul (wq·diag(attn_norm)·extr…)');
  });

  it('the plan in words', () => {
    expect(planText(ERROR.plan)).toBe('weights int8 · activations fp8_e4m3');
    expect(planText({ weights: 'f64', activations: 'f64', kv: 'bf16', accumulate: 'fp32', smooth: 0.5 })).toBe('kv bf16 · accumulate fp32 · smooth 0.5');
    expect(planText(null)).toBe('float64 (no plan)');
  });
});

describe('the colour scale and its legend', () => {
  it('a five-stop ramp, piecewise linear, clamped', () => {
    expect(RAMP).toEqual(['#ffffcc', '#fed976', '#fd8d3c', '#e31a1c', '#800026']);
    expect(rampColour(0)).toBe('#ffffcc');
    expect(rampColour(0.125)).toBe('#ffeca1');
    expect(rampColour(0.5)).toBe('#fd8d3c');
    expect(rampColour(1)).toBe('#800026');
    expect(rampColour(-1)).toBe('#ffffcc');
    expect(rampColour(7)).toBe('#800026');
    expect(rampColour(NaN)).toBe('#ffffcc');
  });

  it('max_rel on a log scale 1e-8 … 1, SNR 160 … 0 dB; exact and overflow apart', () => {
    expect(errorPosition('rel', { max_abs: 1, max_rel: 1e-2, snr_db: 40 })).toBe(0.75);
    expect(errorPosition('rel', { max_abs: 1, max_rel: 1e-4, snr_db: 80 })).toBe(0.5);
    expect(errorPosition('rel', { max_abs: 1, max_rel: 1e-12, snr_db: 240 })).toBe(0);
    expect(errorPosition('rel', { max_abs: 1, max_rel: 30, snr_db: -10 })).toBe(1);
    expect(errorPosition('snr', { max_abs: 1, max_rel: 1e-2, snr_db: 40 })).toBe(0.75);
    expect(errorPosition('snr', { max_abs: 1, max_rel: 1e-2, snr_db: 200 })).toBe(0);
    expect(errorPosition('rel', ERROR.nodes[0])).toBe('exact');
    expect(errorPosition('rel', ERROR.nodes[2])).toBe('overflow');
    expect(errorColour('rel', { max_abs: 1e-3, max_rel: 1e-4, snr_db: 80 })).toBe('#fd8d3c');
    expect(errorColour('snr', { max_abs: 1e-3, max_rel: 1e-4, snr_db: 80 })).toBe('#fd8d3c');
    expect(errorColour('rel', ERROR.nodes[0])).toBe(EXACT_COLOUR);
    expect(errorColour('rel', ERROR.nodes[2])).toBe(OVERFLOW_COLOUR);
  });

  it('labels black on the light fills, white on the dark ones', () => {
    expect(textOn('#ffffcc')).toBe('#000000');
    expect(textOn('#fd8d3c')).toBe('#000000');
    expect(textOn('#e31a1c')).toBe('#ffffff');
    expect(textOn('#800026')).toBe('#ffffff');
    expect(textOn(EXACT_COLOUR)).toBe('#000000');
    expect(textOn(OVERFLOW_COLOUR)).toBe('#ffffff');
  });

  it('one tick per stop', () => {
    const rel = legendOf('rel');
    expect(rel.ticks).toEqual([{ t: 0, label: '1e-8' }, { t: 0.25, label: '1e-6' }, { t: 0.5, label: '1e-4' }, { t: 0.75, label: '1e-2' }, { t: 1, label: '1' }]);
    expect(rel.gradient).toEqual(RAMP);
    expect(rel.title).toBe('max relative error against float64 (log scale)');
    expect(legendOf('snr').ticks.map((t) => t.label)).toEqual(['160 dB', '120 dB', '80 dB', '40 dB', '0 dB']);
    expect(rel.exact).toEqual({ colour: EXACT_COLOUR, label: 'exact' });
    expect(rel.overflow.label).toBe('overflow (inf / NaN)');
  });
});

describe('the core\'s tables as shown', () => {
  it('rows worst first: overflow, then max_rel, then max_abs, then the node id', () => {
    expect(sortedRows(ERROR.nodes).map((e) => e.node)).toEqual([2, 4, 3, 1, 5, 0]);
    expect(sortedRows(null)).toEqual([]);
    expect(ERROR.nodes.map((e) => e.node)).toEqual([0, 1, 2, 3, 4, 5]);   // (a copy is sorted)
  });

  it('the worst node and the layers only when the core gives them', () => {
    expect(worstOf(ERROR)).toEqual({ node: 3, added_db: 12.34 });
    expect(worstOf({ ...ERROR, worst: null })).toBeNull();
    const { worst: _w, layers: _l, ...older } = ERROR;
    expect(worstOf(older)).toBeNull();
    expect(layersOf(older)).toBeNull();
    expect(layersOf({ ...ERROR, layers: [] })).toBeNull();
    expect(layersOf(ERROR).map((l) => l.layer)).toEqual([0, 1, 2]);
    expect(layerBars(ERROR.layers)).toEqual([0.75, 0, 1]);
  });
});

describe('the plan in the state, the hash and the case', () => {
  it('f64 everywhere is no plan; the defaults are not written', () => {
    const st = defaultState();
    expect(precisionOf(st)).toBeNull();
    expect(caseFromState(st, { numeric: true }).precision).toBeUndefined();
    expect(serializeHash(st)).not.toMatch(/(^|&)(qw|qa|qkv|qacc|smooth|ecol)=/);
  });

  it('a class not at f64 sends every class; smooth sends alpha 0.5', () => {
    const st = parseHash('#qw=int8&qacc=fp32&smooth=1').state;
    expect(precisionOf(st)).toEqual({ weights: 'int8', activations: 'f64', kv: 'f64', accumulate: 'fp32', smooth: 0.5 });
    expect(caseFromState(st, { numeric: true }).precision).toEqual({ weights: 'int8', activations: 'f64', kv: 'f64', accumulate: 'fp32', smooth: 0.5 });
    expect(caseFromState(st).precision).toEqual(caseFromState(st, { numeric: true }).precision);
    expect(precisionOf(parseHash('#smooth=1').state)).toEqual({ weights: 'f64', activations: 'f64', kv: 'f64', accumulate: 'f64', smooth: 0.5 });
    expect(serializeHash(st)).toMatch(/&qw=int8&qacc=fp32&smooth=1&/);
    expect(parseHash(serializeHash(st)).state).toEqual(st);
  });

  it('the run key changes with the plan, not with the colour mode', () => {
    const st = defaultState();
    expect(runKey(withPatch(st, { qa: 'bf16' }))).not.toBe(runKey(st));
    expect(runKey(withPatch(st, { smooth: true }))).not.toBe(runKey(st));
    expect(runKey(withPatch(st, { ecol: 'snr', eb: 4 }))).toBe(runKey(st));
  });

  it('env.precision()\'s keys replace the step\'s own; a bad key is an error', () => {
    const st = parseHash('#qw=int8&stage=6').state;
    expect(withKeys(st, '')).toBe(st);
    const w = withKeys(st, 'qw=int8_channel&smooth=1');
    expect([w.qw, w.smooth, w.stage]).toEqual(['int8_channel', true, 6]);
    expect(withKeys(st, 'p=ma.de').pipeline).toEqual(['match_attention', 'decompose']);
    expect(() => withKeys(st, 'qw=int4')).toThrow('precision("qw=int4"): qw=int4: not one of');
  });
});

describe('the precision questions', () => {
  // an env as env.js makes it: precision(keys) → the core's error for the step's state with keys in place
  const env = (runs) => ({
    precision: (keys = '') => {
      if (!(keys in runs)) throw new Error(`no run for "${keys}"`);
      return runs[keys];
    },
    final: { nodes: NODES },
    pipeline: ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'],
  });

  it('validate their fields', () => {
    expect(questionProblems({ kind: 'worst', prompt: 'p' })).toEqual([]);
    expect(questionProblems({ kind: 'worst', prompt: 'p', by: 'snr' })).toEqual([['by', 'not one of added, max_rel']]);
    expect(questionProblems({ kind: 'helps', prompt: 'p' })).toEqual([['change', 'missing']]);
    expect(questionProblems({ kind: 'helps', prompt: 'p', change: 'cse' })).toEqual([['change', 'not one of fold_norm_weight, smooth']]);
  });

  it('worst: the core\'s error.worst, among the nodes with the largest errors', () => {
    const a = engineAnswer({ kind: 'worst', prompt: 'p' }, env({ '': ERROR }));
    expect(a).toEqual({
      kind: 'worst', by: 'added', answer: '%3', node: 3, choices: ['%1', '%3', '%4', '%5'],
      labels: { '%1': '%1 input x', '%3': '%3 matmul (x)', '%4': '%4 flash_attn', '%5': '%5 add' },
      explain: '%3 matmul (x) adds the most error: +12.3 dB of noise over what its inputs bring (its output: max relative error 1.20e-1, SNR 18.9 dB).',
    });
    expect(score({ kind: 'worst' }, a, '%3').correct).toBe(true);
    expect(score({ kind: 'worst' }, a, '%4')).toEqual({ correct: false, message: `No: %3 matmul (x). ${a.explain}` });
  });

  it('worst by max_rel: the table\'s largest relative error (overflowed nodes have none)', () => {
    const a = engineAnswer({ kind: 'worst', prompt: 'p', by: 'max_rel' }, env({ '': ERROR }));
    expect(a.answer).toBe('%4');
    expect(a.explain).toBe('%4 flash_attn has the largest relative error against float64: 1.20e-1 (SNR 19.0 dB); next is %3 matmul (x) with 1.20e-1.');
  });

  it('worst without the core\'s worst key, or without a plan: no answer', () => {
    const { worst: _w, ...older } = ERROR;
    expect(() => engineAnswer({ kind: 'worst', prompt: 'p' }, env({ '': older }))).toThrow('the core\'s result has no error.worst');
    expect(() => engineAnswer({ kind: 'worst', prompt: 'p' }, env({ '': null }))).toThrow('no precision plan');
  });

  it('helps: the output\'s max_rel without and with the change', () => {
    const run = (r) => ({ ...ERROR, outputs: [{ max_abs: 1, max_rel: r }] });
    const fold = env({ '': ERROR, 'p=ma.de.cs.cf.si': run(0.02), 'p=ma.de.cs.cf.si.fn': run(0.01) });
    const a = engineAnswer({ kind: 'helps', prompt: 'p', change: 'fold_norm_weight' }, fold);
    expect(a).toEqual({
      kind: 'helps', answer: 'yes', choices: ['yes', 'no'], change: 'fold_norm_weight', without: 0.02, with: 0.01,
      explain: 'the output\'s max relative error against float64 is 2.00e-2 without folding the norm weight into the matmuls and 1.00e-2 with it: it helps.',
    });
    expect(score({ kind: 'helps' }, a, 'yes').correct).toBe(true);
    expect(score({ kind: 'helps' }, a, 'no').correct).toBe(false);
    const smooth = env({ '': ERROR, 'smooth=0': run(0.01), 'smooth=1': run(null) });
    const b = engineAnswer({ kind: 'helps', prompt: 'p', change: 'smooth' }, smooth);
    expect([b.answer, b.without, b.with]).toEqual(['no', 0.01, null]);
    expect(b.explain).toBe('the output\'s max relative error against float64 is 1.00e-2 without SmoothQuant\'s smoothing and overflow with it: it does not help here.');
    const same = engineAnswer({ kind: 'helps', prompt: 'p', change: 'smooth' }, env({ '': ERROR, 'smooth=0': run(0.01), 'smooth=1': run(0.01) }));
    expect(same.answer).toBe('no');
    expect(same.explain).toMatch(/: no change\.$/);
  });
});
