// Unit tests of the lab's URL-hash parser (web/state.js): strict keys, types and ranges; a bad part is dropped
// on its own (the valid keys kept, a notice naming each dropped key); serialize → parse is the identity. The ranges here come from a
// meta written out in this file (the core's own meta is tested against in hostile.test.js).
import { describe, it, expect } from 'vitest';
import {
  parseHash as parseHashBare, serializeHash, defaultState, withPatch, caseFromState, HASH_KEYS, LIMITS, rangeError,
  DEFAULT_PIPELINE,
} from '../../web/state.js';

// a meta in the core's format (graphlab meta), with the numbers of the lab's old table where they differ
const META = {
  limits: {
    'config.d': { min: 1, max: 65536, integer: true }, 'config.H': { min: 1, max: 4096, integer: true },
    'config.G': { min: 1, max: 4096, integer: true }, 'config.dh': { min: 1, max: 4096, integer: true },
    'config.f': { min: 1, max: 1048576, integer: true }, 'config.T': { min: 1, max: 1048576, integer: true },
    'config.S': { min: 1, max: 16777216, integer: true }, 'config.pos0': { min: 0, max: 16777216, integer: true },
    'config.layers': { min: 1, max: 256, integer: true }, 'config.eps': { min: 0, exclusive_min: true, max: 1 },
    'config.theta': { min: 1, max: 1e12 }, 'device.mm_flops': { min: 1e6, max: 1e18 },
    'device.vec_flops': { min: 1e6, max: 1e18 }, 'device.bw': { min: 1e6, max: 1e16 },
    'device.launch': { min: 0, exclusive_min: true, max: 1 }, 'params.random': { min: 0, max: 2147483647, integer: true },
    'elem_bytes': { min: 2, max: 4, integer: true, values: [2, 4] },
  },
  run_bytes: { default: 268435456, max: 1099511627776 },
};
const parseHash = (h) => parseHashBare(h, { limits: LIMITS(META) });

const ok = (h) => {
  const r = parseHash(h);
  expect(r.notice).toBeNull();
  return r.state;
};
// kept: the hash's valid parts, whose state the bad hash must give (the bad parts dropped, nothing else)
const bad = (h, kept = '') => {
  const r = parseHash(h);
  expect(r.notice).toMatch(/not valid/);
  expect(r.dropped.length).toBeGreaterThan(0);
  expect(r.state).toEqual(ok(kept));
  return r.notice;
};

describe('parseHash', () => {
  it('empty hash gives the defaults without a notice', () => {
    expect(ok('')).toEqual(defaultState());
    expect(ok('#')).toEqual(defaultState());
    expect(parseHash(undefined).state).toEqual(defaultState());
  });

  it('round-trips every field through serializeHash', () => {
    const st = withPatch(defaultState(), {
      cfg: { d: 4096, H: 32, G: 8, dh: 128, f: 14336, eps: 1e-6, theta: 500000, mode: 'masked', T: 7, S: 4096, pos0: 3, layers: 4 },
      eb: 4, dev: 'custom', custom: { mm: 1.5e14, vec: 2e13, bw: 1e12, launch: 5e-6 },
      pipeline: ['cse', 'decompose', 'dce'], stage: 2, panels: ['graph', 'numerics'], present: true, hide: true,
      collapse: 'on', kern: false, kset: 'eager', seed: 42,
    });
    const h = serializeHash(st);
    expect(ok('#' + h)).toEqual(st);
    expect(ok(serializeHash(defaultState()))).toEqual(defaultState());
  });

  it('accepts a partial hash, keeping defaults for the rest', () => {
    const st = ok('#d=128&H=4&mode=decode');
    expect(st.cfg.d).toBe(128);
    expect(st.cfg.H).toBe(4);
    expect(st.cfg.mode).toBe('decode');
    expect(st.cfg.G).toBe(defaultState().cfg.G);
  });

  it('accepts an empty pipeline and empty panel list', () => {
    const st = ok('p=&panels=');
    expect(st.pipeline).toEqual([]);
    expect(st.panels).toEqual([]);
  });

  it('keeps impossible-but-sane combinations for the core to explain', () => {
    const st = ok('H=8&G=3&dh=7');
    expect([st.cfg.H, st.cfg.G, st.cfg.dh]).toEqual([8, 3, 7]);
  });

  it('rejects unknown keys (including prototype tricks)', () => {
    expect(bad('#d=64&evil=1', 'd=64')).toMatch(/unknown key "evil"/);
    bad('__proto__=1');
    bad('constructor=1');
    bad('toString=x');
    bad('D=64'); // keys are case-sensitive
  });

  it('rejects duplicate keys', () => {
    expect(bad('d=64&d=128')).toMatch(/twice/);
  });

  it('rejects malformed parts', () => {
    bad('d');
    bad('=5');
    bad('d=64&&H=8', 'd=64&H=8');
    bad('d=%E0%A4%A'); // bad escape
  });

  it('rejects non-integers, signs, exponents and junk in integer fields', () => {
    for (const v of ['abc', '6.5', '-1', '+1', '1e3', '0x40', '064', ' 64', '64 ', '', 'Infinity', 'NaN']) bad(`d=${encodeURIComponent(v)}`);
  });

  it('range-checks integers', () => {
    bad('d=0');
    bad('d=65537');
    bad('L=0');
    bad('L=257');
    bad('T=0');
    bad('stage=17');
    bad('seed=2147483648');
    bad('d=99999999999999999999');
    ok('d=65536');
    ok('pos0=0');
  });

  it('checks floats', () => {
    expect(ok('eps=1e-6').cfg.eps).toBe(1e-6);
    expect(ok('theta=500000').cfg.theta).toBe(500000);
    expect(ok('launch=0.000004').custom.launch).toBe(0.000004);
    bad('eps=-1e-5');
    bad('eps=2');
    bad('theta=0.5');
    bad('eps=1e-5x');
    bad('eps=1e999');
    bad('mm=1');
  });

  it('checks enumerations', () => {
    bad('mode=train');
    bad('eb=3');
    bad('eb=16');
    bad('collapse=maybe');
    bad('kset=lazy');
    bad('inst=true');
    bad('hide=2');
    expect(ok('eb=4').eb).toBe(4);
  });

  it('checks device names by pattern', () => {
    expect(ok('dev=a100').dev).toBe('a100');
    bad('dev=H100');
    bad('dev=' + encodeURIComponent('<img src=x onerror=alert(1)>'));
    bad('dev=' + 'x'.repeat(33));
  });

  it('checks pipelines and panels', () => {
    expect(ok('p=cs.de.ma').pipeline).toEqual(['cse', 'decompose', 'match_attention']);
    expect(ok('p=cs.cs').pipeline).toEqual(['cse', 'cse']);
    bad('p=cs.xx');
    bad('p=' + Array(17).fill('cs').join('.'));
    bad('p=cs..de');
    expect(ok('panels=graph.memory').panels).toEqual(['graph', 'memory']);
    bad('panels=graph.graph');
    bad('panels=graph.secret');
  });

  it('rejects overlong hashes and tells why without echoing all of it', () => {
    const n = bad('d=' + '1'.repeat(5000));
    expect(n.length).toBeLessThan(200);
    const n2 = bad('zz' + 'a'.repeat(300) + '=1');
    expect(n2.length).toBeLessThan(200);
  });

  it('never returns a state that shares objects with the defaults', () => {
    const a = ok('d=100');
    const b = ok('d=200');
    expect(a.cfg).not.toBe(b.cfg);
    a.pipeline.push('x');
    expect(defaultState().pipeline).toEqual(DEFAULT_PIPELINE);
  });

  it('every whitelisted key but the read-only alias inst is written by serializeHash (custom device included)', () => {
    const st = withPatch(defaultState(), { dev: 'custom', fold: 'off', sel: 'n3', prog: 'x = 1', pass: 'def p(g):\n    return g', passfn: 'p', passat: 2, lesson: 'tracing', step: 2,
      qw: 'int8', qa: 'bf16', qkv: 'fp8_e4m3', qacc: 'fp32', smooth: true, ecol: 'snr', lang: 'zh' });
    const keys = serializeHash(st).split('&').map((kv) => kv.split('=')[0]);
    expect(new Set(keys)).toEqual(new Set(HASH_KEYS.filter((k) => k !== 'inst')));
    expect(HASH_KEYS).toContain('inst');
  });
});

describe('a link with bad keys keeps the valid ones', () => {
  it('drops only the unknown key and names it', () => {
    const r = parseHash('#d=128&H=4&bogus=7&mode=decode');
    expect(r.state).toEqual(ok('d=128&H=4&mode=decode'));
    expect(r.state.cfg.d).toBe(128);
    expect(r.dropped).toEqual([{ key: 'bogus', why: 'unknown key "bogus"' }]);
    expect(r.notice).toBe('The link\'s settings were not valid (unknown key "bogus"), so the lab dropped that key and kept the rest.');
  });
  it('drops a bad value and an out-of-range value, keeping the rest', () => {
    const r = parseHash('#T=abc&d=4096&L=999&inst=1');
    expect(r.state).toEqual(ok('d=4096&inst=1'));
    expect(r.dropped.map((d) => d.key)).toEqual(['T', 'L']);
    expect(r.notice).toMatch(/\(T=abc: not a whole number; L=999: out of range 1…256\), so the lab dropped those 2 keys and kept the rest\.$/);
  });
  it('a key given twice is dropped whole (neither value is trusted), the others kept', () => {
    const r = parseHash('#d=64&H=4&d=128');
    expect(r.state).toEqual(ok('H=4'));
    expect(r.state.cfg.d).toBe(defaultState().cfg.d);
    expect(r.dropped).toEqual([{ key: 'd', why: '"d" given twice' }]);
  });
  it('names at most three reasons, then counts the rest', () => {
    const r = parseHash('#a=1&b=2&c=3&e=4&d=100');
    expect(r.state.cfg.d).toBe(100);
    expect(r.dropped.map((d) => d.key)).toEqual(['a', 'b', 'c', 'e']);
    expect(r.notice).toMatch(/unknown key "a"; unknown key "b"; unknown key "c"; and 1 more\), so the lab dropped those 4 keys/);
  });
  it('still refuses an overlong hash whole', () => {
    const r = parseHash('d=128&x=' + '1'.repeat(3000));
    expect(r.state).toEqual(defaultState());
    expect(r.notice).toMatch(/too long\), so the lab shows the defaults/);
  });
});

describe('caseFromState', () => {
  it('builds the analysis case', () => {
    const c = caseFromState(defaultState());
    expect(c.config).toMatchObject({ d: 64, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 12, S: null, masked: false, layers: 1 });
    expect(c.device).toBe('h100');
    expect(c.emit).toEqual({ graphs: true, outputs: false, provenance: true, plans: true, lab: true });
    expect(c.params).toBeUndefined();
  });
  it('maps masked decode and custom devices', () => {
    const st = withPatch(defaultState(), { cfg: { mode: 'masked', S: 33 }, dev: 'custom' });
    const c = caseFromState(st, { numeric: true });
    expect(c.config).toMatchObject({ mode: 'decode', masked: true, S: 33, T: null });
    expect(c.device).toMatchObject({ name: 'custom', mm_flops: 989e12 });
    expect(c.params).toEqual({ random: 0 });
    expect(c.inputs).toEqual({ random: 0 });
  });
  it('falls back to the first preset device when the name is unknown', () => {
    const st = withPatch(defaultState(), { dev: 'nope' });
    expect(caseFromState(st, { presetDevices: [{ name: 'a100' }] }).device).toBe('a100');
  });
});

describe('LIMITS(meta): the effective limits of every numeric hash key', () => {
  it('maps the meta\'s case-file rows to hash keys, and adds the lab\'s own stage', () => {
    expect(LIMITS(META)).toEqual({
      d: { min: 1, max: 65536, integer: true }, H: { min: 1, max: 4096, integer: true }, G: { min: 1, max: 4096, integer: true },
      dh: { min: 1, max: 4096, integer: true }, f: { min: 1, max: 1048576, integer: true }, T: { min: 1, max: 1048576, integer: true },
      S: { min: 1, max: 16777216, integer: true }, pos0: { min: 0, max: 16777216, integer: true }, L: { min: 1, max: 256, integer: true },
      eps: { min: 0, max: 1, integer: false, exclusive_min: true }, theta: { min: 1, max: 1e12, integer: false },
      mm: { min: 1e6, max: 1e18, integer: false }, vec: { min: 1e6, max: 1e18, integer: false }, bw: { min: 1e6, max: 1e16, integer: false },
      launch: { min: 0, max: 1, integer: false, exclusive_min: true }, seed: { min: 0, max: 2147483647, integer: true },
      stage: { min: 0, max: 16, integer: true }, step: { min: 1, max: 999, integer: true },
    });
  });
  it('without a meta (the module not loaded yet) only the lab\'s keys are limited; a row the meta lacks is left to the core', () => {
    const lab = { stage: { min: 0, max: 16, integer: true }, step: { min: 1, max: 999, integer: true } };
    expect(LIMITS(null)).toEqual(lab);
    expect(LIMITS({ limits: { 'config.d': { min: 1, max: 8 } } })).toEqual({ d: { min: 1, max: 8, integer: false }, ...lab });
    expect(LIMITS({ limits: { 'config.d': { min: '1', max: 8 } } })).toEqual(lab);
    const bare = parseHashBare('#d=0&eps=0&L=100000&dev=custom&launch=0');
    expect(bare.notice).toBeNull();
    expect([bare.state.cfg.d, bare.state.cfg.eps, bare.state.cfg.layers, bare.state.custom.launch]).toEqual([0, 0, 100000, 0]);
    expect(parseHashBare('#stage=17').notice).toMatch(/stage=17: out of range 0…16/);
    expect(parseHashBare('#eps=1e999').notice).toMatch(/eps=1e999: out of range \(not a finite number\)/);
    expect(parseHashBare('#d=99999999999999999').notice).toMatch(/d=99999999999999999: not a whole number/);
    expect(parseHashBare('#d=9999999999999999').notice).toMatch(/d=9999999999999999: out of range \(too large\)/);
  });
  it('rangeError: inclusive and exclusive bounds, whole numbers, non-finite values', () => {
    const eps = LIMITS(META).eps;
    expect(rangeError(0, eps)).toBe('out of range 0…1, 0 excluded');
    expect(rangeError(5e-324, eps)).toBeNull();
    expect(rangeError(1, eps)).toBeNull();
    expect(rangeError(1.0000000000000002, eps)).toBe('out of range 0…1, 0 excluded');
    expect(rangeError(1, { min: 0, max: 1, exclusive_max: true })).toBe('out of range 0…1, 1 excluded');
    expect(rangeError(1e18, LIMITS(META).mm)).toBeNull();
    expect(rangeError(1e19, LIMITS(META).mm)).toBe('out of range 1000000…1e18');
    expect(rangeError(-1, { min: 0, max: 9007199254740991 })).toBe('out of range 0…9007199254740991');
    expect(rangeError(2e12, { min: 1, max: 1e12 })).toBe('out of range 1…1e12');
    expect(rangeError(1e22, { min: 1e21, max: 1e23 })).toBeNull();
    expect(rangeError(1e20, { min: 1e21, max: 1e23 })).toBe('out of range 1e21…1e23');
    expect(rangeError(2.5, LIMITS(META).d)).toBe('not a whole number');
    expect(rangeError(NaN, null)).toBe('out of range (not a finite number)');
    expect(rangeError(-Infinity, null)).toBe('out of range (not a finite number)');
    expect(rangeError(-5, null)).toBeNull();
  });
  it('eps = 0 and launch = 0 are refused, as the core refuses them', () => {
    expect(bad('eps=0')).toMatch(/\(eps=0: out of range 0…1, 0 excluded\)/);
    expect(bad('dev=custom&launch=0', 'dev=custom')).toMatch(/\(launch=0: out of range 0…1, 0 excluded\)/);
    expect(ok('eps=1e-300').cfg.eps).toBe(1e-300);
    expect(ok('dev=custom&launch=1e-9').custom.launch).toBe(1e-9);
  });
});

describe('lang: the page\'s language in a link (issue 34)', () => {
  it('zh and en parse; anything else is dropped by name; absent, it is not written', () => {
    expect(parseHash('#lang=zh').state.lang).toBe('zh');
    expect(parseHash('#lang=en').state.lang).toBe('en');
    const r = parseHash('#lang=fr&d=128');
    expect(r.state.lang).toBe(null);
    expect(r.dropped.map((d) => d.key)).toEqual(['lang']);
    expect(serializeHash(defaultState())).not.toMatch(/lang=/);
    expect(serializeHash(withPatch(defaultState(), { lang: 'zh' }))).toMatch(/(^|&)lang=zh(&|$)/);
  });
});
