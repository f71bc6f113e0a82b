// state.js — the lab's whole state in one plain object, mirrored to the URL hash.
//
// The hash is parsed strictly: only whitelisted keys, each typed and range-checked, no duplicates.
// A bad part (an unknown key, a malformed number, a value out of range, a key given twice) is dropped on
// its own: the valid keys are kept and a notice names each dropped key and why (a shared link with one
// typo still opens what it showed).
// Numeric ranges are the C core's (LIMITS(meta), from lab.meta()), except for the keys the core never sees
// (stage, step); whether a combination is *possible* (H divisible by G, even dh, ...) is the core's business
// too, and its error message is shown inline by the config panel.
//
// One table (PROPS below) drives parsing, writing and the defaults.
// Pure module (no DOM): unit-tested under Node (tests/web/state*.test.js).

import { PASS_NAMES, DEFAULT_PIPELINE, PASS_CODE, CODE_PASS } from './core-tables.js';
import { PANELS } from './panels.js';

// the core's pass names and default pipeline (its meta; live bindings, see core-tables.js)
export { PASS_NAMES, DEFAULT_PIPELINE };
// the panels' hash names, from their table (panels.js)
export { PANELS };
export const MODES = ['prefill', 'decode', 'masked'];
export const COLLAPSE = ['auto', 'on', 'off'];
// a layer's builder blocks folded until its labels are readable (auto), or every node a box of its own (off)
export const FOLD = ['auto', 'off'];
export const KERNEL_SETS = ['fused', 'eager'];
// a precision plan's formats (the core's names, docs/PRECISION.md): per tensor class, and the accumulators'
export const PRECISION_FORMATS = ['f64', 'fp32', 'bf16', 'fp16', 'fp8_e4m3', 'fp8_e5m2', 'int8', 'int8_channel'];
export const ACCUMULATE_FORMATS = ['f64', 'fp32'];
// the graph's colour by error (views/graph/error-marks.js): by max relative error, by SNR, or off
export const ERROR_COLOURS = ['rel', 'snr', 'off'];
// SmoothQuant's migration strength the toggle sends (the plan's "smooth": alpha)
export const SMOOTH_ALPHA = 0.5;
// controls a lesson link can hide (hideui=a.b): the views mark each with data-ui=<name>
export const HIDEABLE = ['config', 'pipeline', 'stepper', 'options', 'passes', 'caption', 'changes', 'export', 'panels', 'share', 'inst'];

// A pipeline is written in the core's short pass codes (keeps links readable): "p=ma.de.cs.cf.si.fn".

export const MAX_PIPELINE = 16;

// ---------------------------------------------------------------- value types
// Parsers return the value or throw Error(reason); each type's writer gives the text its parser reads back.
const INT_RE = /^(0|[1-9][0-9]{0,15})$/;
// up to 22 decimals: String(v) of a number in [1e-6, 1e-5) has 5 zeros and 17 digits after the point
const NUM_RE = /^(0|[1-9][0-9]{0,20})(\.[0-9]{1,22})?(e[-+]?[0-9]{1,3})?$/i;

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
// a pass written in Python (the Passes panel): its source as prog's, the function to run, and where it runs
const PY_IDENT_RE = /^[A-Za-z_][A-Za-z0-9_]{0,30}$/;
function passFn(s) {
  if (!PY_IDENT_RE.test(s)) throw new Error('not a Python function name');
  return s;
}
// passat: the pipeline position the pass runs at (0: right after the trace); absent: in place of the built-in
// pass of its name (or at the end when the pipeline has none)
function passAt(s) {
  if (!/^[0-9]{1,2}$/.test(s) || Number(s) > MAX_PIPELINE) throw new Error(`not a position 0..${MAX_PIPELINE}`);
  return Number(s);
}
const passText = (s) => progText(s);
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
// a dot-separated list of distinct names from list ("config.graph"); noun names a bad part
function dotList(list, noun) {
  return (s) => {
    if (s === '') return [];
    const parts = s.split('.');
    const seen = new Set();
    for (const p of parts) {
      if (!list.includes(p)) throw new Error(`unknown ${noun}`);
      if (seen.has(p)) throw new Error(`repeated ${noun}`);
      seen.add(p);
    }
    return parts;
  };
}

function fmtNum(v) {
  // shortest round-trip form that NUM_RE accepts (no leading "+", exponent without "+" is fine)
  let s = String(v);
  if (s.includes('e+')) s = s.replace('e+', 'e');
  return s;
}

// numeric types take their range from the limits (LIMITS below) when it has the key
const INT = { parse: int, write: String, numeric: true };
const NUM = { parse: num, write: fmtNum, numeric: true };
const BOOL = { parse: bool, write: (v) => (v ? '1' : '0') };
const text = (parse) => ({ parse, write: String });
const oneOfType = (list) => text(oneOf(list));
const listType = (list, noun) => ({ parse: dotList(list, noun), write: (v) => v.join('.') });
const PIPELINE = { parse: pipeline, write: (v) => v.map((p) => PASS_CODE[p]).join('.') };
const ELEM_BYTES = { parse: (s) => Number(oneOf(['2', '4'])(s)), write: String };

// ---------------------------------------------------------------- the table
// One row per hash key, in the order the hash is written (TensorFlow Playground's PROPS): the key, its path
// into the state, its type, its default, when it is written (always, unless `when` says otherwise), and
// where its range comes from: `core` names the case-file field whose row in the core's meta (lab.meta().limits)
// bounds it, `limit` is the lab's own range for a key the core never sees.
export const MAX_LESSON_STEP = 999;
const custom = (st) => st.dev === 'custom';   // the custom device's numbers only matter (and are written) for it
const inLesson = (st) => !!st.lesson;
const PROPS = [
  { key: 'd', path: 'cfg.d', type: INT, def: 64, core: 'config.d' },
  { key: 'H', path: 'cfg.H', type: INT, def: 8, core: 'config.H' },
  { key: 'G', path: 'cfg.G', type: INT, def: 2, core: 'config.G' },
  { key: 'dh', path: 'cfg.dh', type: INT, def: 8, core: 'config.dh' },
  { key: 'f', path: 'cfg.f', type: INT, def: 128, core: 'config.f' },
  { key: 'eps', path: 'cfg.eps', type: NUM, def: 1e-5, core: 'config.eps' },
  { key: 'theta', path: 'cfg.theta', type: NUM, def: 10000, core: 'config.theta' },
  { key: 'mode', path: 'cfg.mode', type: oneOfType(MODES), def: 'prefill' },
  { key: 'T', path: 'cfg.T', type: INT, def: 12, core: 'config.T' },
  { key: 'S', path: 'cfg.S', type: INT, def: 16, core: 'config.S' },
  { key: 'pos0', path: 'cfg.pos0', type: INT, def: 0, core: 'config.pos0' },
  { key: 'L', path: 'cfg.layers', type: INT, def: 1, core: 'config.layers' },
  { key: 'eb', path: 'eb', type: ELEM_BYTES, def: 2 },
  { key: 'dev', path: 'dev', type: text(devName), def: 'h100' },
  { key: 'mm', path: 'custom.mm', type: NUM, def: 989e12, core: 'device.mm_flops', when: custom },
  { key: 'vec', path: 'custom.vec', type: NUM, def: 67e12, core: 'device.vec_flops', when: custom },
  { key: 'bw', path: 'custom.bw', type: NUM, def: 3.35e12, core: 'device.bw', when: custom },
  { key: 'launch', path: 'custom.launch', type: NUM, def: 4e-6, core: 'device.launch', when: custom },
  { key: 'p', path: 'pipeline', type: PIPELINE, def: () => DEFAULT_PIPELINE },
  { key: 'stage', path: 'stage', type: INT, def: 0, limit: { min: 0, max: MAX_PIPELINE, integer: true } },
  { key: 'panels', path: 'panels', type: listType(PANELS, 'panel'), def: ['config', 'graph', 'kernels', 'memory'] },
  // the old Instructor mode's key: read as the presentation state (links already shared say inst=1), never
  // written; present= below is the one key written (issue 33: one mode for projecting)
  { key: 'inst', path: 'present', type: BOOL, alias: true },
  { key: 'hide', path: 'hide', type: BOOL, def: false },
  { key: 'collapse', path: 'collapse', type: oneOfType(COLLAPSE), def: 'auto' },
  // semantic zoom (views/graph/blocks.js): written only when not the default
  { key: 'fold', path: 'fold', type: oneOfType(FOLD), def: 'auto', when: (st) => st.fold !== 'auto' },
  { key: 'kern', path: 'kern', type: BOOL, def: true },
  { key: 'kset', path: 'kset', type: oneOfType(KERNEL_SETS), def: 'fused' },
  { key: 'seed', path: 'seed', type: INT, def: 0, core: 'params.random' },
  // the precision plan (case key "precision", docs/PRECISION.md): a format per tensor class, f64 by default
  // (a class at f64 is not written); smooth: SmoothQuant's migration (the plan's "smooth": SMOOTH_ALPHA)
  { key: 'qw', path: 'qw', type: oneOfType(PRECISION_FORMATS), def: 'f64', when: (st) => st.qw !== 'f64' },
  { key: 'qa', path: 'qa', type: oneOfType(PRECISION_FORMATS), def: 'f64', when: (st) => st.qa !== 'f64' },
  { key: 'qkv', path: 'qkv', type: oneOfType(PRECISION_FORMATS), def: 'f64', when: (st) => st.qkv !== 'f64' },
  { key: 'qacc', path: 'qacc', type: oneOfType(ACCUMULATE_FORMATS), def: 'f64', when: (st) => st.qacc !== 'f64' },
  { key: 'smooth', path: 'smooth', type: BOOL, def: false, when: (st) => !!st.smooth },
  // the graph coloured by the numeric run's per-node error (rel: max relative error, snr: SNR in dB, off)
  { key: 'ecol', path: 'ecol', type: oneOfType(ERROR_COLOURS), def: 'rel', when: (st) => st.ecol !== 'rel' },
  // the page's language (web/i18n/): written only once chosen; without it the reader's stored choice or the
  // browser's language decides (i18n.js detectLang)
  { key: 'lang', path: 'lang', type: oneOfType(['zh', 'en']), def: null, when: (st) => !!st.lang },
  // presentation (views/present.js): the graph fills the screen, every text projector-sized (≥ 16 px at 1280×720)
  { key: 'present', path: 'present', type: BOOL, def: false },
  // the pass camera: zoom to what changes, play it, zoom out
  { key: 'cam', path: 'cam', type: BOOL, def: true },
  // weights and scalar constants as nodes (else chips on their consumer)
  { key: 'leaves', path: 'leaves', type: BOOL, def: false },
  // tensor shapes on the edges
  { key: 'shapes', path: 'shapes', type: BOOL, def: false },
  // the HIDEABLE controls an exercise link hides (views/share-exercise.js writes them; 'inst': the presentation button)
  { key: 'hideui', path: 'hideui', type: listType(HIDEABLE, 'control'), def: [] },
  // an exercise link's locked config: the config panel is read-only and looks it (views/present.js)
  { key: 'lock', path: 'lock', type: BOOL, def: false },
  // the selected node's stable key (selection.js), or null; written only when something is selected
  { key: 'sel', path: 'sel', type: text(selKey), def: null, when: (st) => !!st.sel },
  // the Program panel's source, analysed in place of cfg (null: the config case); a text too long for a
  // link (maxRaw, URL-encoded) is not written: main.js keeps it in sessionStorage
  { key: 'prog', path: 'prog', type: text(progText), def: null, when: (st) => typeof st.prog === 'string', maxRaw: MAX_PROG_HASH },
  // the Passes panel's pass, written in Python (c/src/front/py_passapi.c), run in the pipeline (case key
  // "pypass"): its source (a link holds up to MAX_PROG_HASH encoded characters, as prog), its function, its place
  { key: 'pass', path: 'pass', type: text(passText), def: null, when: (st) => typeof st.pass === 'string', maxRaw: MAX_PROG_HASH },
  { key: 'passfn', path: 'passfn', type: text(passFn), def: null, when: (st) => typeof st.passfn === 'string' },
  { key: 'passat', path: 'passat', type: text(passAt), def: null, when: (st) => Number.isInteger(st.passat) },
  // the lesson being played (lessons/NAME) and its step, 1-based
  { key: 'lesson', path: 'lesson', type: text(lessonName), def: null, when: inLesson },
  { key: 'step', path: 'step', type: INT, def: 1, limit: { min: 1, max: MAX_LESSON_STEP, integer: true }, when: inLesson },
].map((p) => Object.freeze({ ...p, path: p.path.split('.') }));
const PROP = Object.fromEntries(PROPS.map((p) => [p.key, p]));
export const HASH_KEYS = PROPS.map((p) => p.key);
// the flags an alias key also sets (inst → present)
const SHARED_FLAG = new Set(PROPS.filter((p) => p.alias).map((p) => p.path.join('.')));

const getPath = (st, [a, b]) => (b === undefined ? st[a] : st[a][b]);
function setPath(st, [a, b], v) {
  if (b === undefined) st[a] = v;
  else st[a][b] = v;
}
// a default is a value, or a function of the tables installed now (the default pipeline)
function copyDef(d) {
  const v = typeof d === 'function' ? d() : d;
  return Array.isArray(v) ? v.slice() : v;
}

/** The small preset of the fixtures: every view is readable at this size. */
export function defaultState() {
  const st = { cfg: {}, custom: {} };
  for (const p of PROPS) if (!p.alias) setPath(st, p.path, copyDef(p.def));
  return st;
}

// ---------------------------------------------------------------- limits
// One source per limit: the core's `meta` (lab.meta(): {limits: {"config.d": {min, max, integer,
// exclusive_min?}, ...}, run_bytes}) for every key that is a case-file field (a row's `core`), the lab's own
// range only for the keys the core never sees (a row's `limit`: stage, step). The hash is first parsed
// without the core's limits (the module is still loading), then again with them:
// parseHash(hash, {limits: LIMITS(meta)}).

/**
 * The effective limits of every numeric hash key: {key: {min, max, integer, exclusive_min?, exclusive_max?}}
 * (hash keys: d, H, G, dh, f, eps, theta, T, S, pos0, L, mm, vec, bw, launch, seed, stage, step). The
 * case-file keys come from the core's meta (a key the meta lacks is left out: the core judges it); without a
 * meta only the lab's own keys (stage, step) are there.
 */
export function LIMITS(meta) {
  const out = {};
  const core = meta && typeof meta === 'object' && meta.limits && typeof meta.limits === 'object' ? meta.limits : {};
  for (const { key, core: field, limit } of PROPS) {
    if (limit) {
      out[key] = { ...limit };
      continue;
    }
    const l = field && Object.prototype.hasOwnProperty.call(core, field) ? core[field] : null;
    if (!l || typeof l.min !== 'number' || typeof l.max !== 'number') continue;
    out[key] = { min: l.min, max: l.max, integer: !!l.integer };
    if (l.exclusive_min) out[key].exclusive_min = true;
    if (l.exclusive_max) out[key].exclusive_max = true;
  }
  return out;
}

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
  if (s.length > MAX_HASH + (/(^|&)prog=/.test(s) ? MAX_PROG_HASH : 0) + (/(^|&)pass=/.test(s) ? MAX_PROG_HASH : 0)) {
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
    if (!Object.prototype.hasOwnProperty.call(PROP, key)) {
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
    const { path, type, maxRaw } = PROP[key];
    if (maxRaw && values[0].length > maxRaw) {
      dropped.push({ key, why: `${key}=${clip(values[0])}: too long for a link` });
      continue;
    }
    let v;
    try {
      v = type.parse(raw, type.numeric && Object.prototype.hasOwnProperty.call(limits, key) ? limits[key] : null);
    } catch (err) {
      dropped.push({ key, why: `${key}=${clip(raw)}: ${err.message}` });
      continue;
    }
    // an alias (inst) and its key (present) share a flag: either one set sets it (links written before the
    // two modes became one carry both, inst=1&present=0 among them)
    if (SHARED_FLAG.has(path.join('.'))) setPath(state, path, getPath(state, path) || v);
    else setPath(state, path, v);
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

/** The hash for a state (every key the table writes, in its order), without the leading "#". */
export function serializeHash(st) {
  const kv = [];
  for (const { key, path, type, when, maxRaw, alias } of PROPS) {
    if (alias || (when && !when(st))) continue;
    const v = encodeURIComponent(type.write(getPath(st, path)));
    if (maxRaw && v.length > maxRaw) continue;
    kv.push(`${key}=${v}`);
  }
  return kv.join('&');
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

/** st with the default device in place of one the core's presets (devices) do not know; a custom device is
 *  the core's to judge. The page drops such a key on load and on edit; the analysis worker's early start too. */
export function withKnownDevice(st, devices) {
  if (st.dev === 'custom' || !Array.isArray(devices) || !devices.length || devices.some((d) => d.name === st.dev)) return st;
  return withPatch(st, { dev: defaultState().dev });
}

/** The case object the C core's runCase takes, for the analysis (shape-only) or a numeric run. */
/**
 * Where the Passes panel's Python pass runs: null without one, else {pipeline, at}: the case's pipeline (the
 * function's name in place of the built-in pass of that name, or inserted at passat, or appended) and `at`,
 * the key of the stage it runs on ("trace", "cse", "cse#2": what the judge compares its output with).
 */
export function passPlan(st) {
  if (typeof st.pass !== 'string' || typeof st.passfn !== 'string') return null;
  const pipe = st.pipeline.slice();
  let pos = Number.isInteger(st.passat) ? Math.min(st.passat, pipe.length) : pipe.indexOf(st.passfn);
  if (Number.isInteger(st.passat) || pos < 0) {
    if (pos < 0) pos = pipe.length;
    pipe.splice(pos, 0, st.passfn);
  }
  const seen = {};
  const keys = ['trace', ...pipe.map((p) => {
    seen[p] = (seen[p] || 0) + 1;
    return seen[p] === 1 ? p : `${p}#${seen[p]}`;
  })];
  return { pipeline: pipe, at: keys[pos], index: pos + 1 };
}

/**
 * The case key "precision" of a state's plan ({weights, activations, kv, accumulate[, smooth]}), or null when
 * every class is f64 and smoothing is off (the case then has no plan: float64 only, as before issue 35).
 */
export function precisionOf(st) {
  const p = { weights: st.qw || 'f64', activations: st.qa || 'f64', kv: st.qkv || 'f64', accumulate: st.qacc || 'f64' };
  const planned = Object.values(p).some((f) => f !== 'f64');
  if (st.smooth) p.smooth = SMOOTH_ALPHA;
  return planned || st.smooth ? p : null;
}

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
    // the analysis asks for the memory plans' arrays too (the memory view draws the core's, views/memory.js) and
  // the lab's facts (kernel names, values, roofline places, run footprint: c/src/io/lab_facts.c)
    emit: numeric ? { graphs: false, outputs: true, provenance: false } : { graphs: true, outputs: false, provenance: true, plans: true, lab: true },
  };
  const py = passPlan(st);
  if (py) {
    obj.pipeline = py.pipeline;
    obj.pypass = { source: st.pass, name: st.passfn, file: 'pass.py' };
  }
  // a program's symbolic dims: the decode layer's cache length S and slot P, from the config
  if (typeof st.prog === 'string') obj.bind = { S: c.S, P: c.S - 1 };
  // the plan: the analysis costs each tensor at its format's size, the numeric run measures the error
  const precision = precisionOf(st);
  if (precision) obj.precision = precision;
  if (numeric) {
    obj.params = { random: st.seed };
    obj.inputs = { random: st.seed };
  }
  return obj;
}
