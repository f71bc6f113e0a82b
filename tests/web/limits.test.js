// limits.test.js — one hard-coded row per hash key of the lab (web/state.js parseHash, with the core's
// limits as the lab boots: LIMITS(lab.meta()) from the real module): each bound is accepted, one step
// beyond is refused with a notice naming the key. The numbers are literals (the core's accepted ranges, as
// `graphlab meta` prints them), never read from state.js or the meta, so a wrong limit on either side fails
// here (issue 21: `LIMITS.H = [0, 4096]` passed every suite that read its expected limits from the module).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import { HASH_KEYS, LIMITS, parseHash } from '../../web/state.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULE = join(ROOT, 'public', 'graphlab-core.mjs');

// [key, lowest accepted, highest accepted, refused just below, refused just above]; value strings as typed
// in a link. Exclusive bounds (eps, theta, the device numbers: > 0) accept the smallest positive double.
const NUMERIC = [
  ['d', '1', '16777216', '0', '16777217'],
  ['H', '1', '16777216', '0', '16777217'],
  ['G', '1', '16777216', '0', '16777217'],
  ['dh', '1', '16777216', '0', '16777217'],
  ['f', '1', '16777216', '0', '16777217'],
  ['T', '1', '16777216', '0', '16777217'],
  ['S', '1', '16777216', '0', '16777217'],
  ['pos0', '0', '16777216', '-1', '16777217'],
  ['L', '1', '1024', '0', '1025'],
  ['eps', '5e-324', '1', '0', '1.0000000000000002'],
  ['theta', '5e-324', '1e12', '0', '1000000000000.0002'],
  ['mm', '5e-324', '1e18', '0', '1000000000000000128'],
  ['vec', '5e-324', '1e18', '0', '1000000000000000128'],
  ['bw', '5e-324', '1e16', '0', '10000000000000002'],
  ['launch', '5e-324', '1', '0', '1.0000000000000002'],
  ['seed', '0', '9007199254740991', '-1', '9007199254740992'],
  ['stage', '0', '16', '-1', '17'],
  ['step', '1', '999', '0', '1000'],
];

// [key, accepted values, refused values] for the keys that are not numbers
const LONGEST_NAME = 'a'.repeat(32);
const ALL_PANELS = 'config.graph.kernels.memory.numerics.dynamic';
const SIXTEEN_PASSES = Array(16).fill('cs').join('.');
const OTHER = [
  ['mode', ['prefill', 'decode', 'masked'], ['train', 'Prefill', '']],
  ['eb', ['2', '4'], ['1', '3', '8', '2.0']],
  ['dev', ['a', LONGEST_NAME, 'h100', 'custom'], ['', `${LONGEST_NAME}a`, 'H100', 'a b']],
  ['p', ['', 'ma', SIXTEEN_PASSES], [`${SIXTEEN_PASSES}.cs`, 'xx', 'ma..de']],
  ['panels', ['', 'config', ALL_PANELS], [`${ALL_PANELS}.graph`, 'plots', 'graph.']],
  ['inst', ['0', '1'], ['2', 'true', '']],
  ['hide', ['0', '1'], ['2', 'true', '']],
  ['kern', ['0', '1'], ['2', 'true', '']],
  ['collapse', ['auto', 'on', 'off'], ['yes', '']],
  ['fold', ['auto', 'off'], ['yes', '']],
  ['kset', ['fused', 'eager'], ['lazy', '']],
  ['lang', ['zh', 'en'], ['', 'fr', 'zh-CN', 'EN']],
  ['present', ['0', '1'], ['2', 'true', '']],
  // the precision plan (issue 35): the core's format names exactly, f64 / fp32 for the accumulators
  ['qw', ['f64', 'fp32', 'bf16', 'fp16', 'fp8_e4m3', 'fp8_e5m2', 'int8', 'int8_channel'], ['', 'F64', 'fp8', 'int4', 'bf16 ']],
  ['qa', ['f64', 'bf16', 'fp8_e5m2', 'int8_channel'], ['', 'float16', 'e4m3']],
  ['qkv', ['f64', 'fp8_e4m3', 'int8'], ['', 'fp8-e4m3', 'kv']],
  ['qacc', ['f64', 'fp32'], ['', 'bf16', 'fp16', 'int8']],
  ['smooth', ['0', '1'], ['2', 'true', '', '0.5']],
  ['ecol', ['rel', 'snr', 'off'], ['', 'abs', 'REL']],
  ['cam', ['0', '1'], ['2', 'true', '']],
  ['leaves', ['0', '1'], ['2', 'true', '']],
  ['shapes', ['0', '1'], ['2', 'true', '']],
  ['lock', ['0', '1'], ['2', 'true', '']],
  ['hideui', ['', 'config', 'config.pipeline.stepper'], ['config.config', 'header', 'config.']],
  ['sel', ['', 'n0', 'n9999999', 's1n2', 's99n9999999'], ['n', 'n12345678', 's100n1', 's1', 'N1', 'x1']],
  // the program text (state.prog): any text up to 6144 characters URL-encoded (é is 6), no control characters
  ['lesson', ['a', '0', 'fusion-and-roofline', 'a'.repeat(40)], ['', 'a'.repeat(41), 'Tracing', 'a_b', '../x', 'a.b']],
  ['prog', ['', 'x = 1', 'a'.repeat(6144), 'def f(x):\n\treturn x  # π', 'é'.repeat(1024)], ['a'.repeat(6145), 'é'.repeat(1025), 'x\u0000', '\u001b[0m']],
  // the Passes panel's pass (state.pass: as prog), its function (a Python identifier), its place (0..16)
  ['pass', ['', 'def p(g):\n    return g', 'a'.repeat(6144), '# 公共子表达式'], ['a'.repeat(6145), 'x\u0000']],
  ['passfn', ['cse', '_x', 'a'.repeat(31), 'Fold2'], ['', '2x', 'a'.repeat(32), 'a-b', 'a b', 'é']],
  ['passat', ['0', '7', '16'], ['', '-1', '17', '1.5', 'x', '007']],
];

const PATH = { L: ['cfg', 'layers'], mm: ['custom', 'mm'], vec: ['custom', 'vec'], bw: ['custom', 'bw'],
  launch: ['custom', 'launch'], p: ['pipeline'], eb: ['eb'], dev: ['dev'], panels: ['panels'], stage: ['stage'],
  seed: ['seed'], inst: ['present'] /* the old Instructor key reads as presentation */, hide: ['hide'], kern: ['kern'], collapse: ['collapse'], fold: ['fold'], kset: ['kset'],
  present: ['present'], cam: ['cam'], leaves: ['leaves'], shapes: ['shapes'], hideui: ['hideui'], lock: ['lock'],
  qw: ['qw'], qa: ['qa'], qkv: ['qkv'], qacc: ['qacc'], smooth: ['smooth'], ecol: ['ecol'], lang: ['lang'],
  sel: ['sel'], prog: ['prog'], pass: ['pass'], passfn: ['passfn'], passat: ['passat'], lesson: ['lesson'], step: ['step'] };
const valueOf = (state, key) => {
  const p = PATH[key] ?? ['cfg', key];
  return p.length === 1 ? state[p[0]] : state[p[0]][p[1]];
};

let meta;
beforeAll(async () => {
  if (!existsSync(MODULE)) throw new Error(`${MODULE} is missing: build it with \`make wasm\``);
  const { createGraphLab } = await import('../../wasm/graphlab.mjs');
  meta = (await createGraphLab()).meta();
}, 60_000);

// LIMITS(meta) inside each test (as the lab boots), not once in the hook: Stryker's mutants live per test
const parse = (hash) => parseHash(hash, { limits: LIMITS(meta) });

function accepted(key, raw) {
  const { state, notice, dropped } = parse(`#${key}=${encodeURIComponent(raw)}`);
  expect(notice, `${key}=${raw}`).toBeNull();
  expect(dropped).toEqual([]);
  return valueOf(state, key);
}

function refused(key, raw) {
  const { notice, dropped } = parse(`#${key}=${encodeURIComponent(raw)}`);
  expect(dropped.map((d) => d.key), `${key}=${raw}`).toEqual([key]);
  expect(notice).toContain(`(${key}=`);
  expect(notice).toMatch(/so the lab dropped that key and kept the rest\.$/);
}

describe('every hash key has a row', () => {
  it('the rows cover exactly the keys parseHash reads', () => {
    const rows = [...NUMERIC, ...OTHER].map((r) => r[0]);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...HASH_KEYS].sort()).toEqual(rows.sort());
    expect(rows).toHaveLength(48);
  });
});

describe('numeric keys: both bounds accepted, one step beyond refused naming the key', () => {
  it.each(NUMERIC)('%s: %s … %s', (key, lo, hi, below, above) => {
    expect(accepted(key, lo)).toBe(Number(lo));
    expect(accepted(key, hi)).toBe(Number(hi));
    refused(key, below);
    refused(key, above);
  });

  it('the refusals say which bound (the numbers as the lab prints them)', () => {
    expect(parse('#H=0').notice).toContain('(H=0: out of range 1…16777216)');
    expect(parse('#H=16777217').notice).toContain('(H=16777217: out of range 1…16777216)');
    expect(parse('#L=1025').notice).toContain('(L=1025: out of range 1…1024)');
    expect(parse('#eps=0').notice).toContain('(eps=0: out of range 0…1, 0 excluded)');
    expect(parse('#theta=0').notice).toContain('(theta=0: out of range 0…1e12, 0 excluded)');
    expect(parse('#mm=0').notice).toContain('(mm=0: out of range 0…1e18, 0 excluded)');
    expect(parse('#bw=10000000000000002').notice).toContain('(bw=10000000000000002: out of range 0…1e16, 0 excluded)');
    expect(parse('#launch=1.0000000000000002').notice).toContain('(launch=1.0000000000000002: out of range 0…1, 0 excluded)');
    expect(parse('#seed=9007199254740992').notice).toContain('(seed=9007199254740992: out of range 0…9007199254740991)');
    expect(parse('#stage=17').notice).toContain('(stage=17: out of range 0…16)');
    expect(parse('#step=1000').notice).toContain('(step=1000: out of range 1…999)');
    expect(parse('#pos0=-1').notice).toContain('(pos0=-1: not a whole number)');
  });

  it('integer keys refuse fractions at any size; float keys take them', () => {
    for (const key of ['d', 'H', 'G', 'dh', 'f', 'T', 'S', 'pos0', 'L', 'seed', 'stage', 'step']) refused(key, '2.5');
    expect(accepted('eps', '0.5')).toBe(0.5);
    expect(accepted('theta', '500000.25')).toBe(500000.25);
  });
});

describe('other keys: each accepted value, and values just outside refused naming the key', () => {
  it.each(OTHER)('%s', (key, good, bad) => {
    for (const raw of good) accepted(key, raw);
    for (const raw of bad) refused(key, raw);
  });

  it('the accepted values land in the state as the lab uses them', () => {
    expect(accepted('eb', '4')).toBe(4);
    expect(accepted('kern', '0')).toBe(false);
    expect(accepted('inst', '1')).toBe(true);
    expect(accepted('p', 'ma.fn')).toEqual(['match_attention', 'fold_norm_weight']);
    expect(accepted('p', SIXTEEN_PASSES)).toHaveLength(16);
    expect(accepted('panels', ALL_PANELS)).toEqual(['config', 'graph', 'kernels', 'memory', 'numerics', 'dynamic']);
    expect(accepted('dev', LONGEST_NAME)).toBe(LONGEST_NAME);
  });
});
