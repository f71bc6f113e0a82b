// cli-errors.test.js — bad case files through the CLI: each must fail cleanly (exit 1, never a crash or a
// signal), with exactly one line on stderr, "graphlab: <status>: <message>", naming the field and the value.
// The same table runs on the native build, the WASI build and (when built) the ASan+UBSan build, which must
// print no sanitizer report (leaks included). Build first: `make native wasi build/graphlab_asan`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { FIXTURES, haveBinary, runCli } from './helpers/compare.js';

const small = JSON.parse(readFileSync(join(FIXTURES, 'small_prefill.json'), 'utf8'));
const smallDecode = JSON.parse(readFileSync(join(FIXTURES, 'small_decode.json'), 'utf8'));

const CFG = { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000.0, mode: 'prefill', T: 12, pos0: 0 };
const DEC = { d: 64, H: 8, G: 2, dh: 8, f: 128, mode: 'decode', S: 9 };
const shapeOnly = (config, extra = {}) => ({ case: 'bad', config, ...extra });
const withConfig = (patch) => shapeOnly({ ...CFG, ...patch });
const without = (obj, key) => {
  const o = { ...obj };
  delete o[key];
  return o;
};
/** The concrete small prefill fixture with some keys replaced. */
const concrete = (patch) => ({ case: small.case, config: small.config, params: small.params, inputs: small.inputs, ...patch });
const f64 = (n, v = 0.5) => {
  const b = Buffer.alloc(8 * n);
  for (let i = 0; i < n; i++) b.writeDoubleLE(v, 8 * i);
  return b.toString('base64');
};

// [what, input (object → JSON, or raw text), status, message regex]
const BAD = [
  // config: dims
  ['heads not divisible by kv heads', withConfig({ H: 8, G: 3 }), 'invalid', /config\.H \(8\) must be divisible by config\.G \(3\)/],
  ['zero dim', withConfig({ d: 0 }), 'invalid', /config\.d must be a positive integer, got 0/],
  ['negative dim', withConfig({ f: -5 }), 'invalid', /config\.f must be a positive integer, got -5/],
  ['non-integer dim', withConfig({ d: 12.5 }), 'invalid', /config\.d must be a positive integer, got 12\.5/],
  ['string dim', withConfig({ dh: '8' }), 'invalid', /config\.dh must be a positive integer, got "8"/],
  ['odd head dim', withConfig({ dh: 7 }), 'invalid', /config\.dh \(7\) must be even/],
  ['zero tokens', withConfig({ T: 0 }), 'invalid', /config\.T must be a positive integer, got 0/],
  ['negative pos0', withConfig({ pos0: -1 }), 'invalid', /config\.pos0 must be a non-negative integer, got -1/],
  ['zero layers', withConfig({ layers: 0 }), 'invalid', /config\.layers must be a positive integer, got 0/],
  ['NaN eps', '{"config": {"d": 64, "H": 8, "G": 2, "dh": 8, "f": 128, "eps": NaN, "mode": "prefill", "T": 4}}', 'invalid', /config\.eps must be a positive number/],
  ['negative theta', withConfig({ theta: -1 }), 'invalid', /config\.theta must be a positive number, got -1/],
  ['huge dim', withConfig({ d: 1e12 }), 'limit', /config\.d is 1000000000000, above the limit/],
  // config: missing / unknown
  ['missing config', { case: 'x' }, 'invalid', /config is missing/],
  ['config not an object', { config: [1, 2] }, 'invalid', /config must be an object, got \[1,2\]/],
  ['missing config.d', shapeOnly(without(CFG, 'd')), 'invalid', /config\.d is missing/],
  ['missing config.mode', shapeOnly(without(CFG, 'mode')), 'invalid', /config\.mode is missing/],
  ['missing T in prefill', shapeOnly(without(CFG, 'T')), 'invalid', /config\.T is missing/],
  ['missing S in decode', shapeOnly(without(DEC, 'S')), 'invalid', /config\.S is missing/],
  ['T given in decode', shapeOnly({ ...DEC, T: 4 }), 'invalid', /config\.T must be null in mode "decode" .*got 4/],
  ['masked prefill', withConfig({ masked: true }), 'invalid', /config\.masked must be false in mode "prefill"/],
  ['masked not a boolean', shapeOnly({ ...DEC, masked: 'yes' }), 'invalid', /config\.masked must be true or false, got "yes"/],
  ['unknown mode', withConfig({ mode: 'foo' }), 'invalid', /config\.mode must be "prefill" or "decode", got "foo"/],
  ['unknown config key', withConfig({ dd: 3 }), 'invalid', /config has an unknown key "dd"/],
  ['unknown preset', shapeOnly({ preset: 'gpt-9', mode: 'prefill', T: 4 }), 'invalid', /config\.preset "gpt-9" is unknown \(known: .*llama3-8b/],
  ['unknown top-level key', withConfig({}), 'invalid', null, { pipline: [] }],
  // device, elem_bytes, bind, pipeline, emit
  ['unknown device', withConfig({}), 'invalid', /device "tpu9" is unknown \(known: h100/, { device: 'tpu9' }],
  ['device missing bw', withConfig({}), 'invalid', /device\.bw is missing/, { device: { mm_flops: 1e15, vec_flops: 1e13, launch: 4e-6 } }],
  ['device zero bandwidth', withConfig({}), 'invalid', /device\.bw must be a positive finite number, got 0/, { device: { mm_flops: 1e15, vec_flops: 1e13, bw: 0, launch: 4e-6 } }],
  ['device unknown key', withConfig({}), 'invalid', /device has an unknown key "flops"/, { device: { flops: 1 } }],
  ['device not a name or object', withConfig({}), 'invalid', /device must be a preset name or an object .*got 42/, { device: 42 }],
  ['elem_bytes 3', withConfig({}), 'invalid', /elem_bytes must be 2 \(bf16\) or 4 \(fp32\), got 3/, { elem_bytes: 3 }],
  ['negative bind', shapeOnly(DEC, { bind: { S: -1, P: 8 } }), 'invalid', /bind\.S must be a non-negative integer, got -1/],
  ['bind symbol too long', shapeOnly(DEC, { bind: { LONGSYMBOL: 1 } }), 'invalid', /bind key "LONGSYMBOL" must be a symbol name/],
  ['decode with an unbound symbol', shapeOnly(DEC, { bind: { S: 9 } }), 'unbound', /bind has no value for symbol "P"/],
  ['unknown pass', withConfig({}), 'invalid', /pipeline\[1\] \(foo\): unknown pass 'foo'/, { pipeline: ['cse', 'foo'] }],
  ['pipeline not an array', withConfig({}), 'invalid', /pipeline must be an array of pass names, got "cse"/, { pipeline: 'cse' }],
  ['pipeline entry not a string', withConfig({}), 'invalid', /pipeline\[0\] must be a string, got 3/, { pipeline: [3] }],
  ['unknown emit key', withConfig({}), 'invalid', /emit has an unknown key "graph"/, { emit: { graph: false } }],
  ['case name not a string', withConfig({}), 'invalid', /case must be a string, got 7/, { case: 7 }],
  // malformed JSON
  ['empty input', '', 'parse', /malformed JSON at line 1, column 1 \(byte 0\): expected a JSON value, found end of input/],
  ['truncated JSON', '{"case": "x", "config": {"d": 64,', 'parse', /malformed JSON at line 1, column 34 \(byte 33\): expected a '"'-quoted object key, found end of input/],
  ['missing colon', '{"case" "x"}', 'parse', /malformed JSON at line 1, column 9 .*expected ':' after an object key, found '"'/],
  ['unquoted key', '{case: 1}', 'parse', /expected a '"'-quoted object key, found 'c'/],
  ['trailing comma', '{"case": "x",}', 'parse', /expected a '"'-quoted object key, found '}'/],
  ['trailing garbage', '{"case": "x"} x', 'parse', /expected the end of input after the top-level value, found 'x'/],
  ['bad literal', '{"config": tru}', 'parse', /expected a JSON value/],
  ['multi-line position', '{\n  "case": "x",\n  "config": {\n    "d": 01\n  }\n}', 'parse', /line 4, column 11/],
  ['control character in a string', '{"case": "a\u0001b"}', 'parse', /control characters must be escaped/],
  ['bad escape', '{"case": "a\\qb"}', 'parse', /expected a valid escape/],
  ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`, 'parse', /more than 256 levels/],
  ['top level not an object', '[1, 2, 3]', 'parse', /a case must be a JSON object, got \[1, 2, 3\]/],
  // params and inputs
  ['truncated base64', concrete({ inputs: { x: { shape: [12, 64], f64: small.inputs.x.f64.slice(0, -5) } } }), 'invalid', /inputs\.x\.f64 is not valid base64: length \d+ is not a multiple of 4/],
  ['base64 a block short', concrete({ inputs: { x: { shape: [12, 64], f64: small.inputs.x.f64.slice(0, -4) } } }), 'invalid', /inputs\.x\.f64 has 6141 bytes, expected 6144 \(8 x 768 elements of shape \(12, 64\)\)/],
  ['bad base64 character', concrete({ inputs: { x: { shape: [12, 64], f64: `!${small.inputs.x.f64.slice(1)}` } } }), 'invalid', /inputs\.x\.f64 is not valid base64: bad character '!' at offset 0/],
  ['input of the wrong shape', concrete({ inputs: { x: { shape: [12, 63], f64: f64(12 * 63) } } }), 'shape', /inputs\.x has shape \(12, 63\), expected \(12, 64\)/],
  ['missing input', concrete({ inputs: {} }), 'invalid', /inputs\.x is missing \(this model's inputs: x\)/],
  ['unknown input', concrete({ inputs: { ...small.inputs, y: { shape: [1], f64: f64(1) } } }), 'invalid', /inputs\.y is not an input of this model/],
  ['input without f64', concrete({ inputs: { x: { shape: [12, 64] } } }), 'invalid', /inputs\.x\.f64 is missing/],
  ['input with a bad shape entry', concrete({ inputs: { x: { shape: [12, -64], f64: 'AAAA' } } }), 'invalid', /inputs\.x\.shape\[1\] must be a non-negative integer, got -64/],
  ['input with an unknown key', concrete({ inputs: { x: { ...small.inputs.x, dtype: 'f32' } } }), 'invalid', /inputs\.x has an unknown key "dtype"/],
  ['param of the wrong shape', concrete({ params: { ...small.params, wq: { shape: [64, 63], f64: f64(64 * 63) } } }), 'shape', /params\.wq has shape \(64, 63\), expected \(64, 64\)/],
  ['unknown param', concrete({ params: { ...small.params, wz: small.params.wq } }), 'invalid', /params has an unknown parameter "wz"/],
  ['missing param', concrete({ params: without(small.params, 'wo') }), 'invalid', /params\.wo is missing/],
  ['inputs without param values', withConfig({}), 'invalid', /inputs are given but params has no values/, { inputs: small.inputs }],
  ['decode input with the wrong cache length', {
    case: 'x', config: smallDecode.config, params: smallDecode.params,
    inputs: { ...smallDecode.inputs, k_cache: { shape: [2, 8, 8], f64: f64(128) } },
  }, 'shape', /inputs\.k_cache has shape \(2, 8, 8\), expected \(2, 9, 8\)/],
  ['random seed not an integer', withConfig({}), 'invalid', /params\.random must be a non-negative integer, got 1\.5/, { params: { random: 1.5 } }],
  ['huge dims for a concrete case', shapeOnly({ preset: 'llama3-8b', mode: 'prefill', T: 1 }), 'limit', /params need \d+ float64 values, above the limit/, {
    params: { random: 0 }, inputs: { x: { shape: [1, 4096], f64: f64(4096) } },
  }],
  ['graph too big to run', shapeOnly({ ...CFG, T: 4096 }), 'limit', /too large to run concretely/, {
    params: { random: 0 }, inputs: { x: { shape: [4096, 64], f64: f64(4096 * 64) } },
  }],
];

// rows with a 5th element merge it into the case
const TABLE = BAD.map(([what, input, status, re, extra]) => {
  let text = input;
  if (typeof input !== 'string') text = JSON.stringify(extra ? { ...input, ...extra } : input);
  return [what, text, status, re];
});
// the unknown top-level key row checks its own message
TABLE.find((r) => r[0] === 'unknown top-level key')[3] = /the case has an unknown key "pipline"/;

const KINDS = ['native', 'wasi', 'asan'].filter((k) => haveBinary(k));
const ASAN_ENV = { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

describe('the error table', () => {
  it('has the native CLI built', () => {
    expect(haveBinary('native')).toBe(true);
  });
});

for (const kind of KINDS) {
  describe(`${kind}: bad cases fail cleanly`, () => {
    it.each(TABLE)('%s', (_what, text, status, re) => {
      const r = runCli(kind, ['case', '-', '--compact'], { input: text, env: kind === 'asan' ? ASAN_ENV : {} });
      expect(r.signal).toBeNull();
      expect(r.stderr).not.toMatch(/Sanitizer|runtime error|LeakSanitizer|AddressSanitizer/);
      expect(r.stdout).toBe('');
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^graphlab: [a-z]+: [^\n]+\n$/);
      const [, got, msg] = r.stderr.match(/^graphlab: ([a-z]+): (.*)\n$/);
      expect(got).toBe(status);
      expect(msg).toMatch(re);
      expect(msg.length).toBeLessThan(256);
    });
  });
}

describe.skipIf(!haveBinary('asan'))('asan: good cases run clean', () => {
  it.each(['small_prefill', 'small_decode_masked', 'llama8b_prefill_128_x4'])('%s', (name) => {
    const r = runCli('asan', ['case', join(FIXTURES, `${name}.json`), '--compact'], { env: ASAN_ENV });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).case).toBe(name);
  });
});

describe.skipIf(!haveBinary('native') || !haveBinary('wasi'))('native and WASI agree on errors', () => {
  it.each(TABLE.slice(0, 12))('%s', (_what, text) => {
    const n = runCli('native', ['case', '-'], { input: text });
    const w = runCli('wasi', ['case', '-'], { input: text });
    expect(w.status).toBe(n.status);
    expect(w.stderr).toBe(n.stderr);
  });
});
