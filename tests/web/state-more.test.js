// state-more.test.js — web/state.js rules that state.test.js compares only with the module itself (the
// defaults, the notices, the serialized text, withPatch's copies, the cases sent to the core), pinned here
// with literal expected values. Found by Stryker (make mutate-web).
import { describe, expect, it } from 'vitest';

import {
  caseFromState, DEFAULT_PIPELINE, defaultState, LIMITS, parseHash, rangeError, serializeHash, withPatch,
} from '../../web/state.js';

const DEFAULTS = {
  cfg: { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000, mode: 'prefill', T: 12, pos0: 0, S: 16, layers: 1 },
  eb: 2,
  dev: 'h100',
  custom: { mm: 989e12, vec: 67e12, bw: 3.35e12, launch: 4e-6 },
  pipeline: ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'],
  stage: 0,
  panels: ['config', 'graph', 'kernels', 'memory'],
  hide: false,
  collapse: 'auto',
  fold: 'auto',
  kern: true,
  kset: 'fused',
  seed: 0,
  // the precision plan (issue 35): float64 everywhere, no smoothing; the graph coloured by max relative error
  qw: 'f64',
  qa: 'f64',
  qkv: 'f64',
  qacc: 'f64',
  smooth: false,
  ecol: 'rel',
  lang: null,
  present: false,
  cam: true,
  leaves: false,
  shapes: false,
  hideui: [],
  lock: false,
  sel: null,
  prog: null,
  pass: null,
  passfn: null,
  passat: null,
  lesson: null,
  step: 1,
};

/** The one reason parseHash gives for a hash with one bad part. */
const why = (hash) => {
  const r = parseHash(hash);
  expect(r.dropped).toHaveLength(1);
  return r.dropped[0].why;
};

describe('defaults', () => {
  it('are the small preset of the fixtures', () => {
    expect(defaultState()).toEqual(DEFAULTS);
    expect(parseHash('').state).toEqual(DEFAULTS);
  });

  it('are a fresh object every time (the pipeline is not DEFAULT_PIPELINE itself)', () => {
    const a = defaultState();
    a.pipeline.push('dce');
    a.panels.pop();
    a.cfg.d = 1;
    expect(DEFAULT_PIPELINE).toEqual(DEFAULTS.pipeline);
    expect(defaultState()).toEqual(DEFAULTS);
  });

  it('a hash that is not a string is the defaults, without a notice', () => {
    for (const h of [undefined, null, 42, {}, ['d=1']]) {
      expect(parseHash(h)).toEqual({ state: DEFAULTS, notice: null, dropped: [] });
    }
  });
});

describe('the reasons and the notice', () => {
  it('name the key and the rule broken', () => {
    expect(why('#eps=abc')).toBe('eps=abc: not a number');
    expect(why('#eps=1e5e')).toBe('eps=1e5e: not a number');
    expect(why('#d=1.5')).toBe('d=1.5: not a whole number');
    expect(why('#mode=train')).toBe('mode=train: not one of prefill, decode, masked');
    expect(why('#eb=8')).toBe('eb=8: not one of 2, 4');
    expect(why('#collapse=x')).toBe('collapse=x: not one of auto, on, off');
    expect(why('#kset=x')).toBe('kset=x: not one of fused, eager');
    expect(why('#inst=2')).toBe('inst=2: not 0 or 1');
    expect(why('#dev=H100')).toBe('dev=H100: not a device name');
    expect(why('#p=ma.xx')).toBe('p=ma.xx: unknown pass code');
    expect(why('#panels=graph.plots')).toBe('panels=graph.plots: unknown panel');
    expect(why('#panels=graph.graph')).toBe('panels=graph.graph: repeated panel');
    expect(why('#stage=17')).toBe('stage=17: out of range 0…16');
    expect(why('#zzz=1')).toBe('unknown key "zzz"');
    expect(why('#d=1&d=2')).toBe('"d" given twice');
    expect(why('#d=%E0%A4%A')).toBe('bad escape in d');
  });

  it('a part without "key=" is refused, an empty value is a value', () => {
    expect(why('#=5')).toBe('"=5" is not key=value');
    expect(why('#d')).toBe('"d" is not key=value');
    expect(parseHash('#p=').state.pipeline).toEqual([]);
    expect(why('#d=')).toBe('d=: not a whole number');
  });

  it('clips long keys and values to 24 characters and an ellipsis', () => {
    expect(why(`#${'k'.repeat(24)}=1`)).toBe(`unknown key "${'k'.repeat(24)}"`);
    expect(why(`#${'k'.repeat(25)}=1`)).toBe(`unknown key "${'k'.repeat(24)}…"`);
    expect(why(`#dev=${'X'.repeat(25)}`)).toBe(`dev=${'X'.repeat(24)}…: not a device name`);
    expect(why(`#dev=${'X'.repeat(24)}`)).toBe(`dev=${'X'.repeat(24)}: not a device name`);
  });

  it('one sentence: the reasons, then what was kept', () => {
    expect(parseHash('#d=128&zzz=1').notice).toBe(
      'The link\'s settings were not valid (unknown key "zzz"), so the lab dropped that key and kept the rest.');
    expect(parseHash('#a=1&b=2&c=3&e=4&d=32').notice).toBe('The link\'s settings were not valid (unknown key "a"; '
      + 'unknown key "b"; unknown key "c"; and 1 more), so the lab dropped those 4 keys and kept the rest.');
    expect(parseHash('#a=1&b=2&c=3').notice).toBe('The link\'s settings were not valid (unknown key "a"; '
      + 'unknown key "b"; unknown key "c"), so the lab dropped those 3 keys and kept the rest.');
  });

  it('a hash of 2048 characters is read; one more is refused whole', () => {
    const at = `#seed=${'0'.repeat(2048 - 'seed='.length - 1)}1`;          // 2048 after the '#'
    expect(at.length).toBe(2049);
    expect(why(at)).toBe(`seed=${'0'.repeat(24)}…: not a whole number`);   // read, then refused as a number
    const over = `#seed=${'0'.repeat(2048 - 'seed='.length)}1`;
    expect(parseHash(over)).toEqual({
      state: DEFAULTS,
      notice: 'The link\'s settings were not valid (the settings are too long), so the lab shows the defaults.',
      dropped: [{ key: null, why: 'the settings are too long' }],
    });
  });

  it('a pipeline of 16 passes is read; 17 are refused', () => {
    const codes = (n) => Array.from({ length: n }, (_, i) => ['ma', 'de', 'cs', 'cf'][i % 4]).join('.');
    expect(parseHash(`#p=${codes(16)}`).state.pipeline).toHaveLength(16);
    expect(parseHash(`#p=${codes(16)}`).notice).toBeNull();
    expect(why(`#p=${codes(17)}`)).toMatch(/: more than 16 passes$/);
  });
});

describe('rangeError', () => {
  it('prints round limits of 1e9 and above as powers of ten, others digit for digit', () => {
    expect(rangeError(2e18, { min: 0, max: 1e18 })).toBe('out of range 0…1e18');
    expect(rangeError(2e9, { min: 0, max: 1e9 })).toBe('out of range 0…1e9');
    expect(rangeError(2e9, { min: 0, max: 1234000000 })).toBe('out of range 0…1.234e9');
    expect(rangeError(2e9, { min: 0, max: 999000000 })).toBe('out of range 0…999000000');
    expect(rangeError(2e9, { min: 0, max: 1000000010 })).toBe('out of range 0…1000000010');
    expect(rangeError(2e9, { min: 0, max: 1000000123 })).toBe('out of range 0…1000000123');
    expect(rangeError(1e22, { min: 0, max: 1e21 })).toBe('out of range 0…1e21');
    expect(rangeError(1e16, { min: 0, max: 9007199254740991 })).toBe('out of range 0…9007199254740991');
    expect(rangeError(1e-30, { min: 1e-20, max: 1 })).toBe('out of range 1e-20…1');
  });

  it('exclusive bounds refuse the bound itself and say so', () => {
    const both = { min: 0, max: 1, exclusive_min: true, exclusive_max: true };
    expect(rangeError(0.5, both)).toBeNull();
    expect(rangeError(1, both)).toBe('out of range 0…1, 0 and 1 excluded');
    expect(rangeError(0, both)).toBe('out of range 0…1, 0 and 1 excluded');
    const top = { min: 0, max: 1, exclusive_max: true };
    expect(rangeError(1, top)).toBe('out of range 0…1, 1 excluded');
    expect(rangeError(0, top)).toBeNull();
    expect(rangeError(0.999, top)).toBeNull();
    expect(rangeError(1, { min: 0, max: 1 })).toBeNull();
  });
});

describe('LIMITS(meta)', () => {
  const ROW = { min: 1, max: 64, integer: true };

  it('reads only a meta object with a limits object', () => {
    const f = () => {};
    f.limits = { 'config.d': ROW };
    const onlyStage = { stage: { min: 0, max: 16, integer: true }, step: { min: 1, max: 999, integer: true } };
    expect(LIMITS(f)).toEqual(onlyStage);
    expect(LIMITS({ limits: 'config.d' })).toEqual(onlyStage);
    const g = () => {};
    g['config.d'] = ROW;
    expect(LIMITS({ limits: g })).toEqual(onlyStage);
    expect(LIMITS({ limits: { 'config.d': ROW } })).toEqual({ d: ROW, ...onlyStage });
  });

  it('skips rows without numeric bounds; copies exclusive_max', () => {
    const lim = LIMITS({ limits: {
      'config.d': { min: 1, max: '64', integer: true },
      'config.H': { min: '1', max: 64, integer: true },
      'config.eps': { min: 0, max: 1, exclusive_max: true },
    } });
    expect(lim).toEqual({ eps: { min: 0, max: 1, integer: false, exclusive_max: true }, stage: { min: 0, max: 16, integer: true }, step: { min: 1, max: 999, integer: true } });
  });
});

describe('one presentation state (issue 33): inst, the old Instructor mode\'s key, reads as present', () => {
  const present = (h) => parseHash(h).state.present;
  it('either key set sets it, in any order, and neither is left in the state', () => {
    expect(present('#inst=1')).toBe(true);
    expect(present('#present=1')).toBe(true);
    // links written before the two modes became one carry both keys
    expect(present('#inst=1&present=0')).toBe(true);
    expect(present('#present=0&inst=1')).toBe(true);
    expect(present('#inst=0&present=1')).toBe(true);
    expect(present('#inst=0&present=0')).toBe(false);
    expect(parseHash('#inst=1').state).not.toHaveProperty('inst');
    expect(parseHash('#inst=1&present=0').dropped).toEqual([]);
  });
  it('only present is written', () => {
    const h = serializeHash(parseHash('#inst=1').state);
    expect(h).toContain('&present=1&');
    expect(h).not.toMatch(/(^|&)inst=/);
  });
});

describe('serializeHash', () => {
  it('writes the defaults in a fixed order, without the custom device', () => {
    expect(serializeHash(defaultState())).toBe('d=64&H=8&G=2&dh=8&f=128&eps=0.00001&theta=10000&mode=prefill&T=12&S=16'
      + '&pos0=0&L=1&eb=2&dev=h100&p=ma.de.cs.cf.si.fn&stage=0&panels=config.graph.kernels.memory&hide=0'
      + '&collapse=auto&kern=1&kset=fused&seed=0&present=0&cam=1&leaves=0&shapes=0&hideui=&lock=0');
  });

  it('writes the custom device only when it is selected; exponents without "+"', () => {
    const st = withPatch(defaultState(), { dev: 'custom', custom: { mm: 1e21, vec: 2.5e13, bw: 1e9, launch: 1e-7 } });
    expect(serializeHash(st)).toContain('&dev=custom&mm=1e21&vec=25000000000000&bw=1000000000&launch=1e-7&p=');
    expect(serializeHash(withPatch(st, { dev: 'a100' }))).not.toMatch(/mm=|vec=|bw=|launch=/);
  });
});

describe('withPatch', () => {
  it('merges cfg and custom one level deep and leaves the original alone', () => {
    const st = defaultState();
    const next = withPatch(st, { cfg: { d: 128 }, custom: { bw: 1e12 }, stage: 2 });
    expect(next.cfg).toEqual({ ...DEFAULTS.cfg, d: 128 });
    expect(next.custom).toEqual({ ...DEFAULTS.custom, bw: 1e12 });
    expect(next.stage).toBe(2);
    expect(st).toEqual(DEFAULTS);
  });

  it('copies arrays, its own and the patch\'s', () => {
    const st = defaultState();
    const panels = ['graph'];
    const next = withPatch(st, { panels });
    panels.push('memory');
    next.pipeline.push('dce');
    next.cfg.H = 4;
    next.custom.mm = 1;
    expect(next.panels).toEqual(['graph']);
    expect(st).toEqual(DEFAULTS);
    const again = withPatch(st, {});
    again.panels.push('dynamic');
    expect(st.panels).toEqual(DEFAULTS.panels);
  });

  it('a cfg or custom that is not an object replaces the field', () => {
    expect(withPatch(defaultState(), { cfg: null }).cfg).toBeNull();
    expect(withPatch(defaultState(), { custom: 0 }).custom).toBe(0);
    expect(withPatch(defaultState(), { cfg: 5 }).cfg).toBe(5);
    expect(withPatch(defaultState(), { custom: 'x' }).custom).toBe('x');
    expect(withPatch(defaultState(), { seed: 7, present: true })).toEqual({ ...DEFAULTS, seed: 7, present: true });
  });
});

describe('caseFromState', () => {
  it('the analysis case of the defaults', () => {
    expect(caseFromState(defaultState())).toEqual({
      case: 'lab',
      config: { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000, mode: 'prefill', T: 12, pos0: 0, S: null,
        masked: false, layers: 1 },
      elem_bytes: 2,
      device: 'h100',
      pipeline: DEFAULTS.pipeline,
      emit: { graphs: true, outputs: false, provenance: true, plans: true, lab: true },
    });
  });

  it('the numeric case: outputs only, random params and inputs from the seed', () => {
    const st = withPatch(defaultState(), { seed: 42, cfg: { mode: 'masked', pos0: 5 } });
    expect(caseFromState(st, { numeric: true })).toEqual({
      case: 'lab-numeric',
      config: { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000, mode: 'decode', T: null, pos0: 0, S: 16,
        masked: true, layers: 1 },
      elem_bytes: 2,
      device: 'h100',
      pipeline: DEFAULTS.pipeline,
      emit: { graphs: false, outputs: true, provenance: false },
      params: { random: 42 },
      inputs: { random: 42 },
    });
  });

  it('a preset device the core lacks falls back to its first; a known one or no presets keep the name', () => {
    const presets = [{ name: 'h100' }, { name: 'a100' }];
    expect(caseFromState(withPatch(defaultState(), { dev: 'a100' }), { presetDevices: presets }).device).toBe('a100');
    expect(caseFromState(withPatch(defaultState(), { dev: 'tpu' }), { presetDevices: presets }).device).toBe('h100');
    expect(caseFromState(withPatch(defaultState(), { dev: 'tpu' }), { presetDevices: [] }).device).toBe('tpu');
    expect(caseFromState(withPatch(defaultState(), { dev: 'tpu' })).device).toBe('tpu');
  });

  it('the case\'s pipeline is a copy', () => {
    const st = defaultState();
    caseFromState(st).pipeline.push('dce');
    expect(st.pipeline).toEqual(DEFAULTS.pipeline);
  });
});

describe('lesson-link keys (present, cam, leaves, shapes, hideui, lock)', () => {
  it('round-trip through the hash', () => {
    const st = withPatch(defaultState(), { present: true, cam: false, leaves: true, shapes: true, hideui: ['config', 'pipeline'], lock: true, stage: 3 });
    const back = parseHash('#' + serializeHash(st)).state;
    expect(back).toEqual(st);
  });
  it('an unknown or repeated control in hideui drops that key alone, naming it', () => {
    const r = parseHash('#hideui=config.header&lock=1&cam=0');
    expect(r.dropped.map((d) => d.key)).toEqual(['hideui']);
    expect(r.notice).toContain('hideui=config.header: unknown control');
    expect(r.state.lock).toBe(true);
    expect(r.state.cam).toBe(false);
    expect(parseHash('#hideui=export.export').dropped[0].why).toContain('repeated control');
    expect(parseHash('#cam=2').dropped[0].why).toBe('cam=2: not 0 or 1');
    expect(parseHash('#hideui=').state.hideui).toEqual([]);
  });
  it('defaults: camera on, leaves as chips, no shapes, nothing hidden or locked', () => {
    const d = parseHash('').state;
    expect([d.present, d.cam, d.leaves, d.shapes, d.hideui, d.lock]).toEqual([false, true, false, false, [], false]);
  });
});

describe('lesson keys (lesson=NAME&step=K, issue 18)', () => {
  it('a lesson link opens the lesson at the step', () => {
    const r = parseHash('#lesson=fusion-and-roofline&step=3');
    expect(r.notice).toBeNull();
    expect([r.state.lesson, r.state.step]).toEqual(['fusion-and-roofline', 3]);
  });
  it('are written only with a lesson, step after lesson, at the end', () => {
    expect(serializeHash(defaultState())).not.toMatch(/lesson=|step=/);
    expect(serializeHash(withPatch(defaultState(), { step: 4 }))).not.toMatch(/lesson=|step=/);
    expect(serializeHash(withPatch(defaultState(), { lesson: 'tracing', step: 12 }))).toMatch(/&lock=0&lesson=tracing&step=12$/);
    const st = withPatch(defaultState(), { lesson: 'memory-planning', step: 999 });
    expect(parseHash('#' + serializeHash(st)).state).toEqual(st);
  });
  it('a bad lesson name or step is dropped alone, naming it', () => {
    expect(why('#lesson=Tracing')).toBe('lesson=Tracing: not a lesson name');
    expect(why('#lesson=../etc')).toBe('lesson=../etc: not a lesson name');
    expect(why('#lesson=' + 'a'.repeat(41))).toBe(`lesson=${'a'.repeat(24)}…: not a lesson name`);
    expect(why('#lesson=')).toBe('lesson=: not a lesson name');
    expect(why('#step=0')).toBe('step=0: out of range 1…999');
    expect(why('#step=1000')).toBe('step=1000: out of range 1…999');
    expect(why('#step=01')).toBe('step=01: not a whole number');
    expect(why('#step=2.5')).toBe('step=2.5: not a whole number');
    // a step alone is kept (it is not written back without a lesson)
    expect(parseHash('#step=3').state.step).toBe(3);
    const r = parseHash('#lesson=tracing&step=x');
    expect([r.state.lesson, r.state.step]).toEqual(['tracing', 1]);
  });
});
