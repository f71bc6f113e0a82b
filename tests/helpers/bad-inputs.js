// bad-inputs.js — the tables of bad inputs the robustness suites try, in one place:
//
//   CASE_ERRORS   bad case files: [what, case text (a Buffer for raw bytes), status, message pattern]. Run through the CLI (native,
//                 WASI, ASan+UBSan: cli-errors.test.js) and the WASM module (robustness.test.js).
//   API_ERRORS    bad calls at the WASM module's JS boundary: [what, (gl) => call, code, message pattern].
//   HASH_ERRORS   hostile URL hashes for the lab's parser (web/state.js): [what, hash, notice pattern].
//
// tools/robustness-doc.mjs runs every row and writes docs/ROBUSTNESS.md (input, status, message).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { FIXTURES } from './compare.js';

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
/** Case bytes with raw (possibly invalid UTF-8) bytes between two text parts: a Buffer, passed as is. */
const utf8Bytes = (head, bytes, tail) => Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(tail)]);
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
  ['odd head dim, decode with random inputs', shapeOnly({ ...DEC, dh: 7 }), 'invalid', /inputs\.random: the cos\/sin rows rotate pairs, so config\.dh \(7\) must be even/, { params: { random: 0 }, inputs: { random: 1 } }],
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
  ['emit.graphs an unknown string', withConfig({}), 'invalid', /emit\.graphs must be true, false or "shapes", got "nodes"/, { emit: { graphs: 'nodes' } }],
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
  // limits: dims, layers, pipeline length, 64-bit overflow of element / byte / FLOP counts, the run budget
  ['layers above the layer-count limit', withConfig({ layers: 1025 }), 'limit', /config\.layers must be 1\.\.1024 \(the layer-count limit\), got 1025/],
  ['layers far above the limit', withConfig({ layers: 1e11 }), 'limit', /config\.layers must be 1\.\.1024 \(the layer-count limit\), got 100000000000/],
  ['d one above the dim limit', withConfig({ d: 2 ** 24 + 1 }), 'limit', /config\.d is 16777217, above the limit 16777216/],
  ['T one above the dim limit', withConfig({ T: 2 ** 24 + 1 }), 'limit', /config\.T is 16777217, above the limit 16777216/],
  ['S one above the dim limit', shapeOnly({ ...DEC, S: 2 ** 24 + 1 }), 'limit', /config\.S is 16777217, above the limit 16777216/],
  ['pos0 above the dim limit', withConfig({ pos0: 2 ** 24 + 1 }), 'limit', /config\.pos0 is 16777217, above the limit 16777216/],
  ['integer beyond 64 bits', '{"config": {"d": 99999999999999999999, "H": 8, "G": 2, "dh": 8, "f": 128, "mode": "prefill", "T": 4}}', 'invalid', /config\.d must be a positive integer, got 99999999999999999999/],
  ['number beyond double range', '{"config": {"d": 1e400, "H": 8, "G": 2, "dh": 8, "f": 128, "mode": "prefill", "T": 4}}', 'invalid', /config\.d must be a positive integer, got 1e400/],
  ['attention scores of 2^72 elements', shapeOnly({ d: 2 ** 24, H: 2 ** 24, G: 1, dh: 2, f: 1, mode: 'prefill', T: 2 ** 24 }), 'limit', /(FLOP|element) count of .* overflows 64 bits/],
  ['FLOP count of 2^79', shapeOnly({ d: 64, H: 64, G: 8, dh: 2 ** 24, f: 64, mode: 'prefill', T: 2 ** 24 }), 'limit', /FLOP count of node %\d+ \(matmul\) overflows 64 bits/],
  ['decode with every dim at the limit', shapeOnly({ d: 2 ** 24, H: 2 ** 24, G: 2 ** 24, dh: 2 ** 24, f: 2 ** 24, mode: 'decode', S: 2 ** 24 }), 'limit', /overflows 64 bits/],
  ['pipeline of 65 passes', withConfig({}), 'limit', /pipeline has 65 passes, at most 64 are allowed/, { pipeline: Array(65).fill('cse') }],
  ['bind with 9 symbols', withConfig({}), 'limit', /bind: more than 8 symbols/, { bind: Object.fromEntries('abcdefghi'.split('').map((k, i) => [k, i])) }],
  ['input shape of 2^62 elements', concrete({ inputs: { x: { shape: [2 ** 31, 2 ** 31], f64: 'AAAA' } } }), 'limit', /inputs\.x\.shape is too large/],
  ['input shape of rank 7', concrete({ inputs: { x: { shape: [1, 1, 1, 1, 1, 1, 1], f64: f64(1) } } }), 'invalid', /inputs\.x\.shape has 7 dims, at most 6 are supported/],
  ['input claiming 8 TiB of data', concrete({ inputs: { x: { shape: [2 ** 20, 2 ** 20], f64: 'AAAA' } } }), 'invalid', /inputs\.x\.f64 has 3 bytes, expected 8796093022208/],
  ['params above the run budget', withConfig({}), 'limit', /params need 34944 float64 values, above the limit limits\.run_bytes = 100000 bytes/, { params: { random: 0 }, limits: { run_bytes: 100000 } }],
  ['traced graph above the run budget', concrete({ limits: { run_bytes: 300000 } }), 'limit', /too large to run concretely: the traced graph needs more than limits\.run_bytes = 300000 bytes of float64 values \(at node %\d+ /],
  ['16 GiB of RoPE tables, refused before allocating', shapeOnly({ d: 2, H: 1, G: 1, dh: 65536, f: 1, mode: 'prefill', T: 32768 }), 'limit', /needs more than limits\.run_bytes = 268435456 bytes .*\(at node %20 const of shape \(1, 32768, 65536\)\)/, { params: { random: 0 } }],
  ['run_bytes zero', withConfig({}), 'invalid', /limits\.run_bytes must be a positive integer, got 0/, { limits: { run_bytes: 0 } }],
  ['run_bytes above the maximum', withConfig({}), 'limit', /limits\.run_bytes is 1099511627777, above the maximum 1099511627776/, { limits: { run_bytes: 2 ** 40 + 1 } }],
  ['run_bytes a string', withConfig({}), 'invalid', /limits\.run_bytes must be a positive integer, got "lots"/, { limits: { run_bytes: 'lots' } }],
  ['limits with an unknown key', withConfig({}), 'invalid', /limits has an unknown key "bytes" \(known keys: run_bytes\)/, { limits: { bytes: 1 } }],
  ['limits not an object', withConfig({}), 'invalid', /limits must be an object such as \{"run_bytes": 268435456\}, got 5/, { limits: 5 }],
  ['run_repeat zero', withConfig({}), 'invalid', /run_repeat must be a positive integer, got 0/, { run_repeat: 0 }],
  ['run_repeat a fraction', withConfig({}), 'invalid', /run_repeat must be a positive integer, got 2\.5/, { run_repeat: 2.5 }],
  ['run_repeat a string', withConfig({}), 'invalid', /run_repeat must be a positive integer, got "3"/, { run_repeat: '3' }],
  ['run_repeat above the maximum', withConfig({}), 'limit', /run_repeat is 1001, above the maximum 1000/, { run_repeat: 1001 }],
  ['random seed beyond 64 bits', withConfig({}), 'invalid', /params\.random must be a non-negative integer, got 18446744073709551616/, { params: { random: 18446744073709551616n } }],
  // hostile strings: they are echoed (clipped) in messages, never interpreted
  ['case name of 300 bytes', withConfig({}), 'invalid', /case is too long \(300 bytes, at most 127\)/, { case: 'x'.repeat(300) }],
  ['NUL inside a string', withConfig({}), 'invalid', /case must not contain \\u0000/, { case: 'a\u0000b' }],
  ['script as a pass name', withConfig({}), 'invalid', /pipeline\[0\] \(<script>alert\(1\)<\/script>\): unknown pass/, { pipeline: ['<script>alert(1)</script>'] }],
  ['markup as a device name', withConfig({}), 'invalid', /device "<img src=x onerror=alert\(1\)>" is unknown/, { device: '<img src=x onerror=alert(1)>' }],
  ['markup as a config key', withConfig({ '<svg onload=alert(1)>': 1 }), 'invalid', /config has an unknown key "<svg onload=alert\(1\)>"/],
  ['infinite device peak', '{"config": {"d": 64, "H": 8, "G": 2, "dh": 8, "f": 128, "mode": "prefill", "T": 4}, "device": {"mm_flops": 1e400, "vec_flops": 1, "bw": 1, "launch": 0}}', 'invalid', /device\.mm_flops must be a positive finite number, got Infinity/],
  // strings must be UTF-8 (raw bytes: Buffers) and their escapes valid Unicode
  ['invalid UTF-8 in the case name', utf8Bytes('{"case": "ab', [0xff], 'c"}'), 'parse', /^invalid UTF-8 at byte offset 12 \(line 1, column 13: byte 0xff\)$/],
  ['overlong UTF-8 encoding of "/"', utf8Bytes('{"case": "', [0xc0, 0xaf], '"}'), 'parse', /^invalid UTF-8 at byte offset 10 .*byte 0xc0/],
  ['UTF-8-encoded surrogate', utf8Bytes('{"case": "', [0xed, 0xa0, 0x80], '"}'), 'parse', /^invalid UTF-8 at byte offset 10 .*byte 0xed/],
  ['code point above U+10FFFF', utf8Bytes('{"case": "', [0xf4, 0x90, 0x80, 0x80], '"}'), 'parse', /^invalid UTF-8 at byte offset 10 .*byte 0xf4/],
  ['UTF-8 sequence cut by the closing quote', utf8Bytes('{"case": "', [0xe2, 0x82], '"}'), 'parse', /^invalid UTF-8 at byte offset 10 .*byte 0xe2/],
  ['invalid UTF-8 in a key', utf8Bytes('{"x', [0xfe], '": 1}'), 'parse', /^invalid UTF-8 at byte offset 3 /],
  ['invalid UTF-8 in an ignored key', utf8Bytes('{"comment": "', [0x80], '", "config": {}}'), 'parse', /^invalid UTF-8 at byte offset 13 /],
  ['lone surrogate escape', '{"case": "a\\ud800"}', 'parse', /^invalid UTF-8 at byte offset 11 \(line 1, column 12\): the escape \\ud800 is a lone surrogate/],
  ['low surrogate escape before a high one', '{"case": "\\udc00\\ud800"}', 'parse', /^invalid UTF-8 at byte offset 10 .*the escape \\udc00 is a lone surrogate/],
  ['high surrogate escape without its low half', '{"case": "\\ud83d\\u0041"}', 'parse', /the escape \\ud83d is a lone surrogate/],
  // keys the case ignores are skipped without building values; the rest has a cap on JSON values
  ['unknown top-level key with an array', withConfig({}), 'invalid', /^the case has an unknown key "junk"/, { junk: [1, 2, 3] }],
  ['2^20 + 1 JSON values in a read key', withConfig({}), 'limit', /^JSON text has more than 1048576 values outside the keys it ignores/, { pipeline: Array(2 ** 20 + 1).fill(0) }],
  ['eps underflowing to zero', '{"config": {"d": 64, "H": 8, "G": 2, "dh": 8, "f": 128, "mode": "prefill", "T": 4, "eps": 1e-400}}', 'invalid', /config\.eps must be a positive number, got 0\.0/],
  // the upper bounds of the limits table (graphlab meta): the lab's ranges and the core's are one table
  ['eps above its limit', withConfig({ eps: 1.5 }), 'limit', /config\.eps is 1\.5, above the limit 1\.0/],
  ['theta above its limit', withConfig({ theta: 1e13 }), 'limit', /config\.theta is 10000000000000\.0, above the limit 1000000000000\.0/],
  ['device peak above its limit', withConfig({}), 'limit', /device\.mm_flops is 1e\+19, above the limit 1e\+18/, { device: { mm_flops: 1e19, vec_flops: 1e13, bw: 1e12, launch: 4e-6 } }],
  ['device launch of 1e307 s', withConfig({}), 'limit', /device\.launch is 1e\+307, above the limit 1\.0/, { device: { mm_flops: 1e15, vec_flops: 1e13, bw: 1e12, launch: 1e307 } }],
  // roofline overflow from finite device values: an error naming the field, never "Infinity" in the output
  ['device mm_flops of 1e-320', withConfig({}), 'limit', /^device\.mm_flops \(1e-320\) makes the kernel time infinite$/, { device: { mm_flops: 1e-320, vec_flops: 1e13, bw: 1e12, launch: 4e-6 } }],
  ['device vec_flops of 1e-320', withConfig({}), 'limit', /^device\.vec_flops \(1e-320\) makes the kernel time infinite$/, { device: { mm_flops: 1e15, vec_flops: 1e-320, bw: 1e12, launch: 4e-6 } }],
  ['device bw of 1e-320', withConfig({}), 'limit', /^device\.bw \(1e-320\) makes the kernel time infinite$/, { device: { mm_flops: 1e15, vec_flops: 1e13, bw: 1e-320, launch: 4e-6 } }],
  ['random seed above 2^53 - 1', withConfig({}), 'limit', /params\.random is 9007199254740992, above the limit 9007199254740991/, { params: { random: 2 ** 53 } }],
];

// JSON text; BigInt values are written as exact integers (a seed beyond 64 bits)
const toJson = (v) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `@@${x}@@` : x)).replace(/"@@(\d+)@@"/g, '$1');

// rows with a 5th element merge it into the case
export const CASE_ERRORS = BAD.map(([what, input, status, re, extra]) => {
  let text = input;
  if (typeof input !== 'string' && !(input instanceof Uint8Array)) text = toJson(extra ? { ...input, ...extra } : input);
  return [what, text, status, re];
});
// the unknown top-level key row checks its own message
CASE_ERRORS.find((r) => r[0] === 'unknown top-level key')[3] = /the case has an unknown key "pipline"/;

// ---------------------------------------------------------------- the WASM module's JS boundary
const SMALL_CASE = { config: { preset: 'small', mode: 'prefill', T: 2 } };
const circular = () => {
  const o = { config: {} };
  o.config.self = o;
  return o;
};

// [what, the request as shown, (gl) => the call, error code, message pattern]
export const API_ERRORS = [
  ['unknown method', "call('no_such_method', {})", (gl) => gl.call('no_such_method', {}), 'GL_E_INVALID', /^unknown method "no_such_method" \(known: case, presets, version/],
  ['markup as a method name', "call('<script>alert(1)</script>', {})", (gl) => gl.call('<script>alert(1)</script>', {}), 'GL_E_INVALID', /^unknown method "<script>alert\(1\)<\/script>"/],
  ['method name of 100,000 bytes', "call('m' × 100000, {})", (gl) => gl.call('m'.repeat(100000), {}), 'GL_E_INVALID', /^unknown method "m{64}" \(known:/],
  ['method name with a NUL', "call('case\\0x', small)", (gl) => gl.call('case\u0000x', SMALL_CASE), 'GL_E_INVALID', /^unknown method "case\\u0000x" \(a method name has no NUL\)/],
  ['undefined method', 'call(undefined, {})', (gl) => gl.call(undefined, {}), 'GL_E_INVALID', /^unknown method "undefined"/],
  ['request that is not JSON', "runCase('not json')", (gl) => gl.runCase('not json'), 'GL_E_PARSE', /malformed JSON at line 1, column 1 \(byte 0\): expected a JSON value, found 'n'/],
  ['request with a NUL after the value', "runCase('{\"case\": \"a\"}\\0{}')", (gl) => gl.runCase('{"case": "a"}\u0000{}'), 'GL_E_PARSE', /expected the end of input after the top-level value, found byte 0x00/],
  ['request that is a number', 'runCase(42)', (gl) => gl.runCase(42), 'GL_E_PARSE', /a case must be a JSON object, got 42/],
  ['request that is null', 'runCase(null)', (gl) => gl.runCase(null), 'GL_E_INVALID', /^config is missing$/],
  ['request with a BigInt', 'runCase({config: {d: 1n}})', (gl) => gl.runCase({ config: { d: 1n } }), 'GL_E_INVALID', /^case: the request cannot be written as JSON \(Do not know how to serialize a BigInt\)/],
  ['request with a cycle', 'runCase(o) with o.config.self = o', (gl) => gl.runCase(circular()), 'GL_E_INVALID', /^case: the request cannot be written as JSON \(Converting circular structure to JSON/],
  ['request that is a function', 'runCase(() => 1)', (gl) => gl.runCase(() => 1), 'GL_E_INVALID', /^case: the request must be an object or JSON text, got a function/],
  ['NaN dim (JSON writes null)', 'runCase({config: {d: NaN, ...}})', (gl) => gl.runCase({ config: { d: NaN, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 4 } }), 'GL_E_INVALID', /^config\.d is missing/],
  ['16 MiB of whitespace before {}', "call('case', ' ' × 16 MiB + '{}')", (gl) => gl.call('case', `${' '.repeat(16 << 20)}{}`), 'GL_E_INVALID', /^config is missing$/],
  ['1,000,000 nested arrays', "call('case', '[' × 10^6)", (gl) => gl.call('case', '['.repeat(1e6)), 'GL_E_PARSE', /expected less nesting \(more than 256 levels\)/],
  ['a lone surrogate in a string', "call('case', '{\"case\": \"\\uD800\"}') (raw)", (gl) => gl.call('case', '{"case": "\uD800"}'), 'GL_E_INVALID', /^config is missing$/],
  ['method name whose toString throws', 'call({toString() { throw new Error("boom") }}, {})', (gl) => gl.call({ toString() { throw new Error('boom'); } }, {}), 'GL_E_INVALID', /^the method name cannot be read as a string \(boom\)$/],
  ['a Symbol as the method name', "call(Symbol('case'), {})", (gl) => gl.call(Symbol('case'), {}), 'GL_E_INVALID', /^unknown method "Symbol\(case\)"/],
  ['a lone surrogate escape in the JSON text', "call('case', '{\"case\": \"\\\\ud800\"}')", (gl) => gl.call('case', '{"case": "\\ud800"}'), 'GL_E_PARSE', /^invalid UTF-8 at byte offset 10 .*\\ud800 is a lone surrogate/],
  ['bytes that are not UTF-8', 'runCase(Uint8Array [0x7b 0x22 0xff …])', (gl) => gl.runCase(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])), 'GL_E_PARSE', /^invalid UTF-8 at byte offset 2 /],
  ['a case name full of markup', "runCase({case: '<img src=x onerror=alert(1)>'})", (gl) => gl.runCase({ case: '<img src=x onerror=alert(1)>' }), 'GL_E_INVALID', /^config is missing$/],
];

// ---------------------------------------------------------------- the lab's URL hash (web/state.js)
const enc = encodeURIComponent;
// [what, hash, notice pattern]: every one falls back to the defaults with a notice naming the problem
export const HASH_ERRORS = [
  // out of range
  ['d = 0', '#d=0', /d=0: out of range 1…16777216/],
  ['d above the limit', '#d=16777217', /d=16777217: out of range 1…16777216/],
  ['T above the limit', '#T=16777217', /T=16777217: out of range/],
  ['S above the limit', '#S=16777217', /S=16777217: out of range/],
  ['layers above the limit', '#L=1025', /L=1025: out of range 1…1024/],
  ['stage above the limit', '#stage=17', /stage=17: out of range 0…16/],
  ['seed above 2^53 - 1', '#seed=9007199254740992', /seed=9007199254740992: out of range 0…9007199254740991/],
  ['eps above 1', '#eps=1.5', /eps=1\.5: out of range 0…1/],
  ['theta above 1e12', '#theta=1e13', /theta=1e13: out of range/],
  ['device peak above 1e18', '#dev=custom&mm=1e19', /mm=1e19: out of range/],
  ['launch above 1 s', '#launch=2', /launch=2: out of range 0…1/],
  // wrong type
  ['word for a number', '#d=abc', /d=abc: not a whole number/],
  ['fraction for an integer', '#H=6.5', /H=6\.5: not a whole number/],
  ['negative integer', '#pos0=-1', /pos0=-1: not a whole number/],
  ['exponent for an integer', '#d=1e3', /d=1e3: not a whole number/],
  ['hex for an integer', '#d=0x40', /d=0x40: not a whole number/],
  ['leading zero', '#d=064', /d=064: not a whole number/],
  ['Infinity', '#eps=Infinity', /eps=Infinity: not a number/],
  ['NaN', '#theta=NaN', /theta=NaN: not a number/],
  ['true for a flag', '#inst=true', /inst=true: not 0 or 1/],
  ['number for a mode', '#mode=1', /mode=1: not one of prefill, decode, masked/],
  ['eb not 2 or 4', '#eb=8', /eb=8: not one of 2, 4/],
  ['unknown pass code', '#p=cs.zz', /p=cs\.zz: unknown pass code/],
  ['17 passes', `#p=${Array(17).fill('cs').join('.')}`, /more than 16 passes/],
  ['unknown panel', '#panels=graph.secret', /unknown panel/],
  ['repeated panel', '#panels=graph.graph', /repeated panel/],
  // huge
  ['a 30-digit integer', `#d=${'9'.repeat(30)}`, /d=9{24}…: not a whole number/],
  ['a number past double range', '#eps=1e999', /eps=1e999: out of range/],
  ['a hash over 2048 characters', `#d=${'1'.repeat(5000)}`, /the settings are too long/],
  ['a key of 300 characters', `#${'k'.repeat(300)}=1`, /unknown key "k{24}…"/],
  ['1,000 parameters', `#${Array.from({ length: 1000 }, (_, i) => `k${i}=1`).join('&')}`, /the settings are too long/],
  // HTML / script
  ['script in a device name', `#dev=${enc('<script>alert(1)</script>')}`, /dev=<script>alert\(1\)<\/script…: not a device name/],
  ['img onerror in a mode', `#mode=${enc('<img src=x onerror=alert(1)>')}`, /mode=<img src=x onerror=alert…: not one of/],
  ['svg onload as a key', `#${enc('<svg onload=alert(1)>')}=1`, /unknown key "%3Csvg%20onload%3Dalert\(…"/],
  ['raw markup as a key', '#<svg/onload=alert(1)>=1', /unknown key "<svg\/onload"/],
  ['javascript: URL in a value', `#dev=${enc('javascript:alert(1)')}`, /not a device name/],
  ['attribute breakout', `#d=64${enc('"><script>alert(1)</script>')}`, /d=64"><script>alert\(1\)<\/sc…: not a whole number/],
  ['double-encoded script', '#dev=%253Cscript%253E', /dev=%3Cscript%3E: not a device name/],
  ['NUL in a value', '#dev=h100%00', /not a device name/],
  ['newline in a value', '#mode=prefill%0Aalert(1)', /not one of prefill, decode, masked/],
  ['right-to-left override', `#dev=${enc('h100\u202E')}`, /not a device name/],
  // structure and encoding
  ['unknown key', '#evil=1', /unknown key "evil"/],
  ['__proto__', '#__proto__=1', /unknown key "__proto__"/],
  ['__proto__ with brackets', '#__proto__[polluted]=1', /unknown key "__proto__\[polluted\]"/],
  ['constructor.prototype', '#constructor=1&prototype=1', /unknown key "constructor"/],
  ['toString', '#toString=x', /unknown key "toString"/],
  ['array-style key', '#d[]=64', /unknown key "d\[\]"/],
  ['duplicate key', '#d=64&d=128', /"d" given twice/],
  ['no value', '#d', /"d" is not key=value/],
  ['empty part', '#d=64&&H=8', /"" is not key=value/],
  ['bad percent escape', '#dev=%E0%A4%A', /bad escape in dev/],
  ['lone surrogate escape', '#dev=%ED%A0%80', /bad escape in dev/],
  ['overlong UTF-8', '#dev=%C0%BC', /bad escape in dev/],
];
