// state.js — the lab's whole state in one plain object, mirrored to the URL hash.
//
// The hash is parsed strictly: only whitelisted keys, each typed and range-checked, no duplicates.
// A bad part (an unknown key, a malformed number, a value out of range, a key given twice) is dropped on
// its own: the valid keys are kept and a notice names each dropped key and why (a shared link with one
// typo still opens what it showed).
// Numeric ranges are the C core's (LIMITS(meta), from lab.meta()), except for the keys the core never sees
// (stage); whether a combination is *possible* (H divisible by G, even dh, ...) is the core's business
// too, and its error message is shown inline by the config panel.
//
// Pure module (no DOM): unit-tested under Node (tests/web/state.test.js).

export const PASS_NAMES = ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight', 'dce'];
export const DEFAULT_PIPELINE = ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'];
export const PANELS = ['program', 'config', 'graph', 'kernels', 'memory', 'numerics', 'dynamic', 'ir', 'code'];
export const MODES = ['prefill', 'decode', 'masked'];
export const COLLAPSE = ['auto', 'on', 'off'];
export const KERNEL_SETS = ['fused', 'eager'];
// controls a lesson link can hide (hideui=a.b): the views mark each with data-ui=<name>
export const HIDEABLE = ['config', 'pipeline', 'stepper', 'options', 'passes', 'caption', 'changes', 'export', 'panels', 'share', 'inst'];

// Short hash codes for pass names (keeps links readable): "p=ma.de.cs.cf.si.fn".
const PASS_CODE = { match_attention: 'ma', decompose: 'de', cse: 'cs', constant_fold: 'cf', simplify: 'si', fold_norm_weight: 'fn', dce: 'dc' };
const CODE_PASS = Object.fromEntries(Object.entries(PASS_CODE).map(([k, v]) => [v, k]));

export const MAX_PIPELINE = 16;

/** The small preset of the fixtures: every view is readable at this size. */
export function defaultState() {
  return {
    cfg: { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000, mode: 'prefill', T: 12, pos0: 0, S: 16, layers: 1 },
    eb: 2,
    dev: 'h100',
    custom: { mm: 989e12, vec: 67e12, bw: 3.35e12, launch: 4e-6 },
    pipeline: DEFAULT_PIPELINE.slice(),
    stage: 0,
    panels: ['config', 'graph', 'kernels', 'memory'],
    inst: false,
    hide: false,
    collapse: 'auto',
    kern: true,
    kset: 'fused',
    seed: 0,
    present: false,   // presentation layout: the graph fills the screen (views/present.js)
    cam: true,        // the pass camera: zoom to what changes, play it, zoom out
    leaves: false,    // weights and scalar constants as nodes (else chips on their consumer)
    shapes: false,    // tensor shapes on the edges
    hideui: [],       // HIDEABLE controls a lesson link hides
    lock: false,      // a lesson link's locked config: the config panel is read-only
    sel: null,        // the selected node's stable key (selection.js), or null
    prog: null,       // the Program panel's source (a string), analysed in place of cfg; null: the config case
    lesson: null,     // the lesson being played (lessons/NAME), or null
    step: 1,          // the lesson's step, 1-based (in the hash only with a lesson)
  };
}

// ---------------------------------------------------------------- field specs
// Each hash key: [path into the state, parser]. Parsers return the value or throw Error(reason).
const INT_RE = /^(0|[1-9][0-9]{0,15})$/;
const NUM_RE = /^(0|[1-9][0-9]{0,20})(\.[0-9]{1,20})?(e[-+]?[0-9]{1,3})?$/i;

// Numeric keys are parsed by syntax here; their range comes from the limits table (LIMITS below) when it
// has the key, else the core judges the value.
function fmtLimit(v) {
  const s = String(v);
  // 1e18 rather than 1000000000000000000; 9007199254740991 stays as it is
  if (Math.abs(v) >= 1e9 && /0{6}$/.test(s)) return v.toExponential().replace('e+', 'e');
  return s.replace('e+', 'e');
}
/** null when v is within lim (an entry of LIMITS(meta); none: any finite number), else why not. */
export function rangeError(v, lim) {
  if (!Number.isFinite(v)) return 'out of range (not a finite number)';
  if (!lim) return null;
  if (lim.integer && !Number.isInteger(v)) return 'not a whole number';
  const lo = lim.exclusive_min ? v <= lim.min : v < lim.min;
  const hi = lim.exclusive_max ? v >= lim.max : v > lim.max;
  if (!lo && !hi) return null;
  const ex = [lim.exclusive_min ? fmtLimit(lim.min) : null, lim.exclusive_max ? fmtLimit(lim.max) : null].filter((x) => x !== null);
  return `out of range ${fmtLimit(lim.min)}…${fmtLimit(lim.max)}${ex.length ? `, ${ex.join(' and ')} excluded` : ''}`;
}
function checkRange(v, lim) {
  const why = rangeError(v, lim);
  if (why) throw new Error(why);
  return v;
}
function int(s, lim) {
  if (!INT_RE.test(s)) throw new Error(`not a whole number`);
  const v = Number(s);
  if (!Number.isSafeInteger(v) && !lim) throw new Error('out of range (too large)');
  return checkRange(v, lim);
}
function num(s, lim) {
  if (!NUM_RE.test(s)) throw new Error(`not a number`);
  return checkRange(Number(s), lim);
}
function oneOf(list) {
  return (s) => {
    if (!list.includes(s)) throw new Error(`not one of ${list.join(', ')}`);
    return s;
  };
}
function bool(s) {
  if (s === '1') return true;
  if (s === '0') return false;
  throw new Error('not 0 or 1');
}
const NAME_RE = /^[a-z0-9_-]{1,32}$/;
// a stable key (model.js): "n12" for the trace's node 12, "s3n45" for node 45 made by stage 3's pass
const SEL_RE = /^(n[0-9]{1,7}|s[0-9]{1,2}n[0-9]{1,7})$/;
function selKey(s) {
  if (s === '') return null;
  if (!SEL_RE.test(s)) throw new Error('not a node key');
  return s;
}
// the program text in the hash: URL-encoded, up to MAX_PROG_HASH characters (a longer one stays in
// sessionStorage, main.js); the core judges the text itself
export const MAX_PROG_HASH = 6144;
function progText(s) {
  if (s.length > MAX_PROG_HASH) throw new Error('too long for a link');
  // text a program can hold: no control characters but tab and newlines, no lone UTF-16 surrogates
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s)) throw new Error('a control character in the program');
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)) throw new Error('not valid text');
  return s;
}
// a lesson's name (lessons/NAME): the player looks it up, so a link cannot name a path
const LESSON_RE = /^[a-z0-9-]{1,40}$/;
function lessonName(s) {
  if (!LESSON_RE.test(s)) throw new Error('not a lesson name');
  return s;
}
function devName(s) {
  if (!NAME_RE.test(s)) throw new Error('not a device name');
  return s;
}
function pipeline(s) {
  if (s === '') return [];
  const codes = s.split('.');
  if (codes.length > MAX_PIPELINE) throw new Error(`more than ${MAX_PIPELINE} passes`);
  return codes.map((c) => {
    if (!Object.prototype.hasOwnProperty.call(CODE_PASS, c)) throw new Error('unknown pass code');
    return CODE_PASS[c];
  });
}
function hideui(s) {
  if (s === '') return [];
  const list = s.split('.');
  const seen = new Set();
  for (const p of list) {
    if (!HIDEABLE.includes(p)) throw new Error('unknown control');
    if (seen.has(p)) throw new Error('repeated control');
    seen.add(p);
  }
  return list;
}
function panels(s) {
  if (s === '') return [];
  const list = s.split('.');
  const seen = new Set();
  for (const p of list) {
    if (!PANELS.includes(p)) throw new Error('unknown panel');
    if (seen.has(p)) throw new Error('repeated panel');
    seen.add(p);
  }
  return list;
}

// ---------------------------------------------------------------- limits
// One source per limit: the core's `meta` (lab.meta(): {limits: {"config.d": {min, max, integer,
// exclusive_min?}, ...}, run_bytes}) for every key that is a case-file field (seed: params.random), the lab's
// own table only for the key the core never sees (stage). The hash is first parsed without the core's limits (the module is
// still loading), then again with them: parseHash(hash, {limits: LIMITS(meta)}).
const CORE_FIELD = {
  d: 'config.d', H: 'config.H', G: 'config.G', dh: 'config.dh', f: 'config.f', eps: 'config.eps',
  theta: 'config.theta', T: 'config.T', S: 'config.S', pos0: 'config.pos0', L: 'config.layers',
  mm: 'device.mm_flops', vec: 'device.vec_flops', bw: 'device.bw', launch: 'device.launch', seed: 'params.random',
};
export const MAX_LESSON_STEP = 999;
const LAB_LIMITS = { stage: { min: 0, max: MAX_PIPELINE, integer: true }, step: { min: 1, max: MAX_LESSON_STEP, integer: true } };

/**
 * The effective limits of every numeric hash key: {key: {min, max, integer, exclusive_min?, exclusive_max?}}
 * (hash keys: d, H, G, dh, f, eps, theta, T, S, pos0, L, mm, vec, bw, launch, seed, stage, step). The
 * case-file keys come from the core's meta (a key the meta lacks is left out: the core judges it); without a
 * meta only the lab's own keys (stage, step) are there.
 */
export function LIMITS(meta) {
  const out = {};
  const core = meta && typeof meta === 'object' && meta.limits && typeof meta.limits === 'object' ? meta.limits : {};
  for (const [key, field] of Object.entries(CORE_FIELD)) {
    const l = Object.prototype.hasOwnProperty.call(core, field) ? core[field] : null;
    if (!l || typeof l.min !== 'number' || typeof l.max !== 'number') continue;
    out[key] = { min: l.min, max: l.max, integer: !!l.integer };
    if (l.exclusive_min) out[key].exclusive_min = true;
    if (l.exclusive_max) out[key].exclusive_max = true;
  }
  for (const [key, l] of Object.entries(LAB_LIMITS)) out[key] = { ...l };
  return out;
}

const FIELDS = {
  d: [['cfg', 'd'], int],
  H: [['cfg', 'H'], int],
  G: [['cfg', 'G'], int],
  dh: [['cfg', 'dh'], int],
  f: [['cfg', 'f'], int],
  eps: [['cfg', 'eps'], num],
  theta: [['cfg', 'theta'], num],
  mode: [['cfg', 'mode'], oneOf(MODES)],
  T: [['cfg', 'T'], int],
  S: [['cfg', 'S'], int],
  pos0: [['cfg', 'pos0'], int],
  L: [['cfg', 'layers'], int],
  eb: [['eb'], (s) => Number(oneOf(['2', '4'])(s))],
  dev: [['dev'], devName],
  mm: [['custom', 'mm'], num],
  vec: [['custom', 'vec'], num],
  bw: [['custom', 'bw'], num],
  launch: [['custom', 'launch'], num],
  p: [['pipeline'], pipeline],
  stage: [['stage'], int],
  panels: [['panels'], panels],
  inst: [['inst'], bool],
  hide: [['hide'], bool],
  collapse: [['collapse'], oneOf(COLLAPSE)],
  kern: [['kern'], bool],
  kset: [['kset'], oneOf(KERNEL_SETS)],
  seed: [['seed'], int],
  present: [['present'], bool],
  cam: [['cam'], bool],
  leaves: [['leaves'], bool],
  shapes: [['shapes'], bool],
  hideui: [['hideui'], hideui],
  lock: [['lock'], bool],
  sel: [['sel'], selKey],
  prog: [['prog'], progText],
  lesson: [['lesson'], lessonName],
  step: [['step'], int],
};
export const HASH_KEYS = Object.keys(FIELDS);

const MAX_HASH = 2048;

function clip(s, n = 24) {
  const t = String(s);
  return t.length > n ? t.slice(0, n) + '…' : t;
}

const MAX_REASONS = 3;

/**
 * Parses a location hash ("#d=64&H=8…", with or without the "#"), range-checking numeric keys against
 * limits (LIMITS(meta); by default the lab's own keys only).
 * Returns {state, notice, dropped}: a bad part (unknown key, malformed value, out of range, a key given twice)
 * is dropped on its own and the valid keys are kept; dropped lists {key, why} for each, and notice is a
 * sentence naming them (null when nothing was dropped). Only a hash over MAX_HASH characters is refused whole.
 */
export function parseHash(hash, { limits = LIMITS(null) } = {}) {
  let s = typeof hash === 'string' ? hash : '';
  if (s.startsWith('#')) s = s.slice(1);
  if (s === '') return { state: defaultState(), notice: null, dropped: [] };
  // a program adds up to MAX_PROG_HASH encoded characters to the other keys' MAX_HASH
  if (s.length > MAX_HASH + (/(^|&)prog=/.test(s) ? MAX_PROG_HASH : 0)) {
    return { state: defaultState(), notice: 'The link\'s settings were not valid (the settings are too long), so the lab shows the defaults.', dropped: [{ key: null, why: 'the settings are too long' }] };
  }
  const state = defaultState();
  const dropped = [];
  // group first, so that a key given twice is dropped whole (neither value is trusted)
  const byKey = new Map();
  for (const part of s.split('&')) {
    const eq = part.indexOf('=');
    if (eq <= 0) {
      dropped.push({ key: part, why: `"${clip(part)}" is not key=value` });
      continue;
    }
    const key = part.slice(0, eq);
    if (!Object.prototype.hasOwnProperty.call(FIELDS, key)) {
      dropped.push({ key, why: `unknown key "${clip(key)}"` });
      continue;
    }
    if (byKey.has(key)) byKey.get(key).push(part.slice(eq + 1));
    else byKey.set(key, [part.slice(eq + 1)]);
  }
  for (const [key, values] of byKey) {
    if (values.length > 1) {
      dropped.push({ key, why: `"${key}" given twice` });
      continue;
    }
    let raw;
    try {
      raw = decodeURIComponent(values[0]);
    } catch {
      dropped.push({ key, why: `bad escape in ${key}` });
      continue;
    }
    const [path, parse] = FIELDS[key];
    if (key === 'prog' && values[0].length > MAX_PROG_HASH) {
      dropped.push({ key, why: `${key}=${clip(values[0])}: too long for a link` });
      continue;
    }
    let v;
    try {
      const numeric = parse === int || parse === num;
      v = parse(raw, numeric && Object.prototype.hasOwnProperty.call(limits, key) ? limits[key] : null);
    } catch (err) {
      dropped.push({ key, why: `${key}=${clip(raw)}: ${err.message}` });
      continue;
    }
    if (path.length === 1) state[path[0]] = v;
    else state[path[0]][path[1]] = v;
  }
  return { state, notice: droppedNotice(dropped), dropped };
}

/** The sentence naming the dropped keys and why (at most MAX_REASONS of them, then a count). */
function droppedNotice(dropped) {
  if (!dropped.length) return null;
  const whys = dropped.slice(0, MAX_REASONS).map((d) => d.why);
  if (dropped.length > MAX_REASONS) whys.push(`and ${dropped.length - MAX_REASONS} more`);
  const which = dropped.length === 1 ? 'that key' : `those ${dropped.length} keys`;
  return `The link's settings were not valid (${whys.join('; ')}), so the lab dropped ${which} and kept the rest.`;
}

function fmtNum(v) {
  // shortest round-trip form that NUM_RE accepts (no leading "+", exponent without "+" is fine)
  let s = String(v);
  if (s.includes('e+')) s = s.replace('e+', 'e');
  return s;
}

/** The hash for a state (every key, fixed order), without the leading "#". */
export function serializeHash(st) {
  const c = st.cfg;
  const kv = [
    ['d', c.d], ['H', c.H], ['G', c.G], ['dh', c.dh], ['f', c.f], ['eps', fmtNum(c.eps)], ['theta', fmtNum(c.theta)],
    ['mode', c.mode], ['T', c.T], ['S', c.S], ['pos0', c.pos0], ['L', c.layers], ['eb', st.eb], ['dev', st.dev],
  ];
  if (st.dev === 'custom') {
    kv.push(['mm', fmtNum(st.custom.mm)], ['vec', fmtNum(st.custom.vec)], ['bw', fmtNum(st.custom.bw)], ['launch', fmtNum(st.custom.launch)]);
  }
  kv.push(
    ['p', st.pipeline.map((p) => PASS_CODE[p]).join('.')],
    ['stage', st.stage],
    ['panels', st.panels.join('.')],
    ['inst', st.inst ? 1 : 0],
    ['hide', st.hide ? 1 : 0],
    ['collapse', st.collapse],
    ['kern', st.kern ? 1 : 0],
    ['kset', st.kset],
    ['seed', st.seed],
    ['present', st.present ? 1 : 0],
    ['cam', st.cam ? 1 : 0],
    ['leaves', st.leaves ? 1 : 0],
    ['shapes', st.shapes ? 1 : 0],
    ['hideui', st.hideui.join('.')],
    ['lock', st.lock ? 1 : 0],
  );
  if (st.sel) kv.push(['sel', st.sel]);   // only when something is selected
  if (typeof st.prog === 'string' && encodeURIComponent(st.prog).length <= MAX_PROG_HASH) kv.push(['prog', st.prog]);
  if (st.lesson) kv.push(['lesson', st.lesson], ['step', st.step]);
  return kv.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&');
}

/** A deep copy with patch applied ({cfg: {...}} and {custom: {...}} merge one level deep). */
export function withPatch(st, patch) {
  const next = { ...st, cfg: { ...st.cfg }, custom: { ...st.custom }, pipeline: st.pipeline.slice(), panels: st.panels.slice(), hideui: (st.hideui || []).slice() };
  for (const [k, v] of Object.entries(patch)) {
    if ((k === 'cfg' || k === 'custom') && v && typeof v === 'object') Object.assign(next[k], v);
    else next[k] = Array.isArray(v) ? v.slice() : v;
  }
  return next;
}

/** The case object the C core's runCase takes, for the analysis (shape-only) or a numeric run. */
export function caseFromState(st, { numeric = false, presetDevices = null } = {}) {
  const c = st.cfg;
  const decode = c.mode !== 'prefill';
  const config = {
    d: c.d, H: c.H, G: c.G, dh: c.dh, f: c.f, eps: c.eps, theta: c.theta,
    mode: decode ? 'decode' : 'prefill',
    T: decode ? null : c.T,
    pos0: decode ? 0 : c.pos0,
    S: decode ? c.S : null,
    masked: c.mode === 'masked',
    layers: c.layers,
  };
  let device;
  if (st.dev === 'custom') {
    device = { name: 'custom', mm_flops: st.custom.mm, vec_flops: st.custom.vec, bw: st.custom.bw, launch: st.custom.launch };
  } else {
    device = st.dev;
    if (presetDevices && !presetDevices.some((d) => d.name === st.dev)) device = presetDevices[0]?.name ?? st.dev;
  }
  const obj = {
    case: numeric ? 'lab-numeric' : 'lab',
    ...(typeof st.prog === 'string' ? { program: st.prog } : { config }),
    elem_bytes: st.eb,
    device,
    pipeline: st.pipeline.slice(),
    emit: numeric ? { graphs: false, outputs: true, provenance: false } : { graphs: true, outputs: false, provenance: true },
  };
  // a program's symbolic dims: the decode layer's cache length S and slot P, from the config
  if (typeof st.prog === 'string') obj.bind = { S: c.S, P: c.S - 1 };
  if (numeric) {
    obj.params = { random: st.seed };
    obj.inputs = { random: st.seed };
  }
  return obj;
}
