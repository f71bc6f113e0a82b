// state-props.test.js — the hash is written from the table that parses it (web/state.js PROPS): random valid
// states survive parse(serialize(st)) unchanged, and every key refuses a bad value with its own reason. The
// values and reasons are literals here, never read from state.js (the ranges: a meta in the core's format).
import { describe, expect, it } from 'vitest';

import { defaultState, HASH_KEYS, LIMITS, parseHash, serializeHash } from '../../web/state.js';

const META = {
  limits: {
    'config.d': { min: 1, max: 65536, integer: true }, 'config.H': { min: 1, max: 4096, integer: true },
    'config.G': { min: 1, max: 4096, integer: true }, 'config.dh': { min: 1, max: 4096, integer: true },
    'config.f': { min: 1, max: 1048576, integer: true }, 'config.T': { min: 1, max: 1048576, integer: true },
    'config.S': { min: 1, max: 16777216, integer: true }, 'config.pos0': { min: 0, max: 16777216, integer: true },
    'config.layers': { min: 1, max: 1024, integer: true }, 'config.eps': { min: 0, exclusive_min: true, max: 1 },
    'config.theta': { min: 0, exclusive_min: true, max: 1e12 }, 'device.mm_flops': { min: 0, exclusive_min: true, max: 1e18 },
    'device.vec_flops': { min: 0, exclusive_min: true, max: 1e18 }, 'device.bw': { min: 0, exclusive_min: true, max: 1e16 },
    'device.launch': { min: 0, exclusive_min: true, max: 1 }, 'params.random': { min: 0, max: 9007199254740991, integer: true },
  },
};
const parse = (h) => parseHash(h, { limits: LIMITS(META) });

// a deterministic generator (mulberry32)
function rng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PASS_CODES = ['ma', 'de', 'cs', 'cf', 'si', 'fn', 'dc'];
const PASSES = ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight', 'dce'];
const PANELS = ['program', 'config', 'graph', 'kernels', 'memory', 'numerics', 'dynamic', 'ir', 'code'];
const HIDEABLE = ['config', 'pipeline', 'stepper', 'options', 'passes', 'caption', 'changes', 'export', 'panels', 'share', 'inst'];
const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_-';
// text a program may hold: ASCII, tab and newlines, accents, a non-BMP character, reserved URL characters
const PROG_CHARS = ['a', 'x', ' ', '=', '(', ')', '\n', '\t', '\r', '#', '&', '%', '+', '.', 'é', 'π', '😀', '"', "'"];

function randomState(rand) {
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = (a) => a[Math.floor(rand() * a.length)];
  // a positive double up to max: a random mantissa at a random scale (sub-normal to the max)
  const pos = (max) => Math.min(max, rand() * 10 ** int(-12, Math.floor(Math.log10(max))) || Number.MIN_VALUE);
  const word = (chars, n) => Array.from({ length: n }, () => pick(chars)).join('');
  const subset = (list) => list.filter(() => rand() < 0.4).sort(() => rand() - 0.5);
  const st = defaultState();
  Object.assign(st.cfg, {
    d: int(1, 65536), H: int(1, 4096), G: int(1, 4096), dh: int(1, 4096), f: int(1, 1048576), eps: pos(1), theta: pos(1e12),
    mode: pick(['prefill', 'decode', 'masked']), T: int(1, 1048576), S: int(1, 16777216), pos0: int(0, 16777216), layers: int(1, 1024),
  });
  st.eb = pick([2, 4]);
  st.dev = rand() < 0.3 ? 'custom' : word(NAME_CHARS, int(1, 32));
  if (st.dev === 'custom') st.custom = { mm: pos(1e18), vec: pos(1e18), bw: pos(1e16), launch: pos(1) };
  st.pipeline = Array.from({ length: int(0, 16) }, () => pick(PASSES));
  st.stage = int(0, 16);
  st.panels = subset(PANELS);
  for (const k of ['hide', 'kern', 'present', 'cam', 'leaves', 'shapes', 'lock']) st[k] = rand() < 0.5;
  st.collapse = pick(['auto', 'on', 'off']);
  st.kset = pick(['fused', 'eager']);
  st.seed = rand() < 0.1 ? 9007199254740991 : int(0, 2 ** 31);
  st.hideui = subset(HIDEABLE);
  st.sel = rand() < 0.5 ? null : rand() < 0.5 ? `n${int(0, 9999999)}` : `s${int(0, 99)}n${int(0, 9999999)}`;
  st.prog = rand() < 0.5 ? null : word(PROG_CHARS, int(0, 300));
  st.lesson = rand() < 0.5 ? null : word('abcdefghijklmnopqrstuvwxyz0123456789-', int(1, 40));
  st.step = st.lesson ? int(1, 999) : 1;
  return st;
}

describe('serialize → parse is the identity on valid states', () => {
  it('3000 random valid states come back unchanged, without a notice', () => {
    const rand = rng(2026);
    for (let i = 0; i < 3000; i++) {
      const st = randomState(rand);
      const h = serializeHash(st);
      const r = parse(`#${h}`);
      expect(r.dropped, h).toEqual([]);
      expect(r.state, h).toEqual(st);
      // and the hash is a fixed point: written again, it is the same text
      expect(serializeHash(r.state)).toBe(h);
    }
  });

  it('the keys are written in one fixed order; the optional ones only when they apply', () => {
    const st = { ...defaultState(), dev: 'custom', fold: 'off', sel: 'n3', prog: 'x = 1', pass: 'def p(g):\n    return g', passfn: 'p', passat: 0, lesson: 'tracing', step: 2 };
    expect(serializeHash(st).split('&').map((kv) => kv.split('=')[0])).toEqual([
      'd', 'H', 'G', 'dh', 'f', 'eps', 'theta', 'mode', 'T', 'S', 'pos0', 'L', 'eb', 'dev', 'mm', 'vec', 'bw', 'launch',
      'p', 'stage', 'panels', 'hide', 'collapse', 'fold', 'kern', 'kset', 'seed', 'present', 'cam', 'leaves', 'shapes',
      'hideui', 'lock', 'sel', 'prog', 'pass', 'passfn', 'passat', 'lesson', 'step']);
    const plain = serializeHash(defaultState());
    for (const k of ['mm', 'vec', 'bw', 'launch', 'fold', 'sel', 'prog', 'pass', 'passfn', 'passat', 'lesson', 'step']) expect(plain).not.toMatch(new RegExp(`(^|&)${k}=`));
    // a program too long for a link is left out of it (main.js keeps it in sessionStorage)
    expect(serializeHash({ ...defaultState(), prog: 'é'.repeat(1025) })).not.toMatch(/prog=/);
    expect(serializeHash({ ...defaultState(), prog: 'é'.repeat(1024) })).toMatch(/&prog=(%C3%A9){1024}$/);
  });

  it('the pipeline is written in the hash codes, the lists with dots, the booleans as 0/1', () => {
    const st = { ...defaultState(), pipeline: PASSES, panels: ['ir', 'code'], hideui: ['share', 'inst'], kern: false, cam: true };
    const h = serializeHash(st);
    expect(h).toContain(`&p=${PASS_CODES.join('.')}&`);
    expect(h).toContain('&panels=ir.code&');
    expect(h).toContain('&hideui=share.inst&');
    expect(h).toContain('&kern=0&');
    expect(h).toContain('&cam=1&');
  });
});

// [key, a bad value as typed in a link, the reason the notice gives]
const REFUSED = [
  ['d', '0', 'd=0: out of range 1…65536'],
  ['H', '4097', 'H=4097: out of range 1…4096'],
  ['G', '1.5', 'G=1.5: not a whole number'],
  ['dh', '08', 'dh=08: not a whole number'],
  ['f', '1048577', 'f=1048577: out of range 1…1048576'],
  ['eps', '0', 'eps=0: out of range 0…1, 0 excluded'],
  ['theta', '1e', 'theta=1e: not a number'],
  ['mode', 'train', 'mode=train: not one of prefill, decode, masked'],
  ['T', '-1', 'T=-1: not a whole number'],
  ['S', '16777217', 'S=16777217: out of range 1…16777216'],
  ['pos0', 'x', 'pos0=x: not a whole number'],
  ['L', '1025', 'L=1025: out of range 1…1024'],
  ['eb', '8', 'eb=8: not one of 2, 4'],
  ['dev', 'H100', 'dev=H100: not a device name'],
  ['mm', '2e18', 'mm=2e18: out of range 0…1e18, 0 excluded'],
  ['vec', '+1', 'vec=+1: not a number'],
  ['bw', '1e17', 'bw=1e17: out of range 0…1e16, 0 excluded'],
  ['launch', '0', 'launch=0: out of range 0…1, 0 excluded'],
  ['p', 'ma.xx', 'p=ma.xx: unknown pass code'],
  ['stage', '17', 'stage=17: out of range 0…16'],
  ['panels', 'graph.graph', 'panels=graph.graph: repeated panel'],
  ['inst', 'true', 'inst=true: not 0 or 1'],
  ['hide', '2', 'hide=2: not 0 or 1'],
  ['collapse', 'yes', 'collapse=yes: not one of auto, on, off'],
  ['fold', 'yes', 'fold=yes: not one of auto, off'],
  ['kern', '', 'kern=: not 0 or 1'],
  ['kset', 'lazy', 'kset=lazy: not one of fused, eager'],
  ['seed', '9007199254740992', 'seed=9007199254740992: out of range 0…9007199254740991'],
  ['qw', 'int4', 'qw=int4: not one of f64, fp32, bf16, fp16, fp8_e4m3, fp8_e5m2, int8, int8_channel'],
  ['qa', 'F64', 'qa=F64: not one of f64, fp32, bf16, fp16, fp8_e4m3, fp8_e5m2, int8, int8_channel'],
  ['qkv', 'fp8', 'qkv=fp8: not one of f64, fp32, bf16, fp16, fp8_e4m3, fp8_e5m2, int8, int8_channel'],
  ['qacc', 'bf16', 'qacc=bf16: not one of f64, fp32'],
  ['smooth', '0.5', 'smooth=0.5: not 0 or 1'],
  ['ecol', 'abs', 'ecol=abs: not one of rel, snr, off'],
  ['lang', 'fr', 'lang=fr: not one of zh, en'],
  ['present', 'yes', 'present=yes: not 0 or 1'],
  ['cam', '-', 'cam=-: not 0 or 1'],
  ['leaves', '01', 'leaves=01: not 0 or 1'],
  ['shapes', 'on', 'shapes=on: not 0 or 1'],
  ['hideui', 'header', 'hideui=header: unknown control'],
  ['lock', '1.0', 'lock=1.0: not 0 or 1'],
  ['sel', 'x1', 'sel=x1: not a node key'],
  ['prog', 'x\u0007', 'prog=x\u0007: a control character in the program'],
  ['pass', 'x\u0007', 'pass=x\u0007: a control character in the program'],
  ['passfn', '2x', 'passfn=2x: not a Python function name'],
  ['passat', '17', 'passat=17: not a position 0..16'],
  ['lesson', 'Lesson-1', 'lesson=Lesson-1: not a lesson name'],
  ['step', '0', 'step=0: out of range 1…999'],
];

describe('every key refuses a bad value with its own reason, alone', () => {
  it('there is one row per hash key', () => {
    expect(REFUSED.map((r) => r[0])).toEqual(HASH_KEYS);
  });

  it.each(REFUSED)('%s=%s', (key, raw, why) => {
    const rest = key === 'T' ? 'L=3' : 'T=5';
    const r = parse(`#${key}=${encodeURIComponent(raw)}&${rest}`);
    expect(r.dropped).toEqual([{ key, why }]);
    expect(r.notice).toBe(`The link's settings were not valid (${why}), so the lab dropped that key and kept the rest.`);
    // the rest of the link is kept
    expect(r.state).toEqual(parse(`#${rest}`).state);
  });

  it('a number as String() writes it is read back (22 decimals below 1e-5)', () => {
    expect(parse('#theta=0.000008014086990151554').state.cfg.theta).toBe(0.000008014086990151554);
    expect(parse('#theta=0.00000801408699015155412').dropped[0].why).toBe('theta=0.0000080140869901515541…: not a number');
  });

  it('the reasons that do not depend on the key', () => {
    expect(parse('#d=1&d=2').dropped).toEqual([{ key: 'd', why: '"d" given twice' }]);
    expect(parse('#zoom=2').dropped).toEqual([{ key: 'zoom', why: 'unknown key "zoom"' }]);
    expect(parse('#dev=%E0%A4%A').dropped).toEqual([{ key: 'dev', why: 'bad escape in dev' }]);
    expect(parse('#present').dropped).toEqual([{ key: 'present', why: '"present" is not key=value' }]);
    expect(parse(`#prog=${'a'.repeat(6145)}`).dropped).toEqual([{ key: 'prog', why: `prog=${'a'.repeat(24)}…: too long for a link` }]);
  });
});
