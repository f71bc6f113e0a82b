// numfmt.test.js — issue 35's number formats: `graphlab round FORMAT` (c/src/exec/numfmt.c) bit for bit against
// an oracle that shares no code with the C (tests/ref/round_oracle.py: numpy's float32 / float16 conversions;
// for bf16 and fp8 a correctly rounded converter on exact integer ratios; int8 by its definition in Python's
// float arithmetic). 10^6 seeded values cover every float64 class: random bit patterns, magnitudes across each
// format's range, exact ties at every exponent (a representable value plus half its quantum) and the doubles
// next to them, and the edges (largest finite, the overflow threshold, smallest normal and subnormal, ±0,
// ±inf, NaN). Outputs are compared as text: both print Python's repr, so `f64` checks the core's float repr too.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { ROOT, runCli } from './helpers/compare.js';

const ORACLE = join(ROOT, 'tests', 'ref', 'round_oracle.py');
const FLOATS = { fp32: [24, -126, 127], bf16: [8, -126, 127], fp16: [11, -14, 15], fp8_e4m3: [4, -6, 8], fp8_e5m2: [3, -14, 15] };
const MAXF = { fp32: 3.4028234663852886e38, bf16: 3.3895313892515355e38, fp16: 65504, fp8_e4m3: 448, fp8_e5m2: 57344 };

function rng(seed) {
  let s = seed >>> 0;
  return () => {   // mulberry32
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const dv = new DataView(new ArrayBuffer(8));
const bits = (hi, lo) => { dv.setUint32(0, hi >>> 0); dv.setUint32(4, lo >>> 0); return dv.getFloat64(0); };
const nextUp = (x) => { dv.setFloat64(0, x); const b = dv.getBigUint64(0); dv.setBigUint64(0, x >= 0 ? b + 1n : b - 1n); return dv.getFloat64(0); };
const nextDown = (x) => -nextUp(-x);
const text = (x) => (Number.isNaN(x) ? 'nan' : x === Infinity ? 'inf' : x === -Infinity ? '-inf' : Object.is(x, -0) ? '-0.0' : String(x));

/** n seeded values over every class (see the header). */
function values(n, seed) {
  const r = rng(seed);
  const out = [0, -0, Infinity, -Infinity, NaN, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 2.2250738585072014e-308];
  for (const [f, [p, emin]] of Object.entries(FLOATS)) {
    const max = MAXF[f];
    const halfUlpTop = 2 ** (Math.floor(Math.log2(max)) - p);   // half the quantum at the top binade
    for (const v of [max, max + halfUlpTop, 2 ** emin, 2 ** (emin - p + 1), 2 ** (emin - p)]) {
      for (const w of [v, nextUp(v), nextDown(v)]) out.push(w, -w);
    }
  }
  const names = Object.keys(FLOATS);
  while (out.length < n) {
    const kind = Math.floor(r() * 5);
    const sign = r() < 0.5 ? -1 : 1;
    if (kind === 0) out.push(bits(r() * 2 ** 32, r() * 2 ** 32));
    else if (kind === 1) out.push(sign * 2 ** (-160 + 300 * r()));
    else if (kind === 2) out.push(sign * 2 ** (-30 + 50 * r()));
    else {
      // a representable value of a random format (subnormals included), plus half its quantum: an exact tie;
      // kind 4: the doubles on either side of it
      const [p, emin, emax] = FLOATS[names[Math.floor(r() * names.length)]];
      const e = emin - 2 + Math.floor(r() * (emax - emin + 4));
      const q = 2 ** (Math.max(e, emin) - (p - 1));
      const m = Math.floor(r() * 2 ** (p - 1)) + (e >= emin ? 2 ** (p - 1) : 0);
      const tie = sign * (m * q + q / 2);
      if (kind === 3) out.push(tie);
      else out.push(nextUp(tie), nextDown(tie));
    }
  }
  return out.slice(0, n);
}

function oracle(format, input) {
  const r = spawnSync('/usr/bin/python3', [ORACLE, format], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`oracle ${format}: ${r.stderr}`);
  return r.stdout;
}

function mismatches(format, xs, kind = 'native') {
  const input = `${xs.map(text).join('\n')}\n`;
  const got = runCli(kind, ['round', format], { input });
  expect(got.status, got.stderr).toBe(0);
  const want = oracle(format, input).split('\n');
  const have = got.stdout.split('\n');
  expect(have.length).toBe(want.length);
  const bad = [];
  for (let i = 0; i < want.length && bad.length < 10; i++) if (have[i] !== want[i]) bad.push(`${text(xs[i])}: ${have[i]} != ${want[i]}`);
  return bad;
}

const N = 1_000_000;
describe('number formats: graphlab round against the oracle (10^6 values, every float64 class)', () => {
  const xs = values(N, 35);
  for (const f of ['f64', 'fp32', 'bf16', 'fp16', 'fp8_e4m3', 'fp8_e5m2']) {
    it(`${f}: 0 mismatches`, () => {
      expect(mismatches(f, xs)).toEqual([]);
    }, 120_000);
  }
  it('the values hold exact ties of every format and each edge', () => {
    // the overflow thresholds (largest finite plus half a top quantum) and the smallest subnormals, both signs
    for (const v of [448 + 16, 57344 + 4096, 65504 + 16, 2 ** -24, 2 ** -25, 2 ** -9, 2 ** -149]) {
      expect(xs.includes(v) && xs.includes(-v), String(v)).toBe(true);
    }
    // exact ties of fp16 (a value halfway between two fp16 neighbours, in its normal range): thousands
    const fp16Tie = (x) => Math.abs(x) >= 2 ** -14 && Math.abs(x) < 65504 && ((x / 2 ** (Math.floor(Math.log2(Math.abs(x))) - 10)) % 1 === 0.5 || (x / 2 ** (Math.floor(Math.log2(Math.abs(x))) - 10)) % 1 === -0.5);
    expect(xs.filter(fp16Tie).length).toBeGreaterThan(1000);
    expect(xs.filter((x) => Number.isNaN(x)).length).toBeGreaterThan(0);
    expect(xs.filter((x) => x !== 0 && Math.abs(x) < 2 ** -126).length).toBeGreaterThan(1000);
  });
  it('literal edges a student can check by hand', () => {
    const r = (f, v) => runCli('native', ['round', f], { input: `${v}\n` }).stdout.trim();
    expect(r('fp16', '65519')).toBe('65504.0');
    expect(r('fp16', '65520')).toBe('inf');
    expect(r('fp16', '1e-8')).toBe('0.0');
    expect(r('fp16', '0.1')).toBe('0.0999755859375');
    expect(r('bf16', '1.00390625')).toBe('1.0');          // a tie: to the even mantissa
    expect(r('bf16', '1.01171875')).toBe('1.015625');     // a tie: to the even mantissa, up
    expect(r('fp8_e4m3', '500')).toBe('448.0');           // saturates
    expect(r('fp8_e4m3', '-inf')).toBe('-448.0');
    expect(r('fp8_e5m2', '1e9')).toBe('57344.0');
    expect(r('fp8_e5m2', 'nan')).toBe('nan');
    expect(r('fp32', '0x1.000001p0')).toBe('1.0');         // hex input; a tie to even
    expect(r('fp16', '-0.0')).toBe('-0.0');
  });
  it('int8 and int8_channel: one scale for all lines, ties to even, ±inf to ±127 steps, NaN kept', () => {
    const r = rng(8);
    const gauss = Array.from({ length: 100_000 }, () => Math.sqrt(-2 * Math.log(r() + 1e-300)) * Math.cos(2 * Math.PI * r()));
    const ties = [127, ...Array.from({ length: 254 }, (_, k) => k - 127 + 0.5), -0.3, -0];   // s = 1 exactly
    const odd = [3, -1.5, Infinity, -Infinity, NaN, 0.7, -0];
    for (const f of ['int8', 'int8_channel']) {
      for (const set of [gauss, ties, odd, [0, 0, -0]]) expect(mismatches(f, set), f).toEqual([]);
    }
    const q = runCli('native', ['round', 'int8'], { input: '127\n0.5\n1.5\n-2.5\n' }).stdout;
    expect(q).toBe('127.0\n0.0\n2.0\n-2.0\n');
  });
  it('WASI and ASan+UBSan builds round as the native one (10^4 values)', () => {
    const few = values(10_000, 36);
    for (const kind of ['wasi', 'asan']) {
      for (const f of ['bf16', 'fp8_e4m3', 'fp16']) expect(mismatches(f, few, kind), `${kind} ${f}`).toEqual([]);
    }
  }, 120_000);
  it('bad input names the line and the value; an unknown format is a usage error', () => {
    const bad = runCli('native', ['round', 'bf16'], { input: '1.0\n2,5\n' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe("graphlab: parse: stdin:2: not a float64: '2,5'\n");
    const fmt = runCli('native', ['round', 'fp4']);
    expect(fmt.status).toBe(2);
    expect(fmt.stderr).toMatch(/unknown format "fp4"/);
  });
});
