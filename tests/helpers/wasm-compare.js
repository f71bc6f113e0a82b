// wasm-compare.js — native CLI result vs browser-module result for the same case (tests/wasm.test.js).
// Builds on compare.js: graphs, passes, memory, provenance and every integer must be identical; other numbers
// agree within 1e-12 (relative); arrays ({shape, f64}) within 1e-12·max(1, max|ref|); timing_ms is ignored.
import { compareArray, diffExact, relClose } from './compare.js';

export const NATIVE_TOL = 1e-12;

/** Sections compared exactly (integers, strings, graph structure). */
const EXACT = new Set(['case', 'config', 'elem_bytes', 'bind', 'passes', 'graphs', 'memory', 'provenance']);
const IGNORED = new Set(['timing_ms']);

const isF64 = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.f64 === 'string'
  && Array.isArray(v.shape);

/** Exact for integers, strings, booleans and structure; floats within rel; {shape, f64} arrays via compareArray. */
export function diffClose(a, b, path = '', out = [], rel = NATIVE_TOL, limit = 20) {
  if (out.length >= limit) return out;
  if (isF64(b)) {
    out.push(...compareArray(a, b, path, rel));
    return out;
  }
  if (Array.isArray(b)) {
    if (!Array.isArray(a) || a.length !== b.length) {
      out.push(`${path}: ${Array.isArray(a) ? `length ${a.length}, expected ${b.length}` : 'not an array'}`);
      return out;
    }
    for (let i = 0; i < b.length && out.length < limit; i++) diffClose(a[i], b[i], `${path}[${i}]`, out, rel, limit);
    return out;
  }
  if (b !== null && typeof b === 'object') {
    if (a === null || typeof a !== 'object' || Array.isArray(a)) {
      out.push(`${path}: expected an object`);
      return out;
    }
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(k in a)) out.push(`${path}.${k}: missing`);
      else if (!(k in b)) out.push(`${path}.${k}: unexpected key`);
      else diffClose(a[k], b[k], `${path}.${k}`, out, rel, limit);
      if (out.length >= limit) break;
    }
    return out;
  }
  if (typeof b === 'number' && typeof a === 'number') {
    const ok = Number.isInteger(a) && Number.isInteger(b) ? a === b : relClose(a, b, rel);
    if (!ok) out.push(`${path}: got ${a}, expected ${b}`);
    return out;
  }
  if (a !== b) out.push(`${path}: got ${JSON.stringify(a)}, expected ${JSON.stringify(b)}`);
  return out;
}

/** Another build's result (the WASM module's, the WASI CLI's) against the native one: {section: [mismatches]}
 * (all empty when they agree). Floats within 1e-12, not bit for bit: each build links its own libm (glibc
 * natively, musl in WASI and Emscripten), whose sin/cos differ in the last bit for some angles (the prefill
 * RoPE tables), as the standard allows (float64 numerics within 1e-12 of the reference). */
export function compareNativeWasm(wasm, native, build = 'WASM') {
  const out = {};
  for (const k of new Set([...Object.keys(wasm), ...Object.keys(native)])) {
    if (IGNORED.has(k)) continue;
    if (!(k in wasm)) out[k] = [`${k}: missing in the ${build} result`];
    else if (!(k in native)) out[k] = [`${k}: only in the ${build} result`];
    else out[k] = EXACT.has(k) ? diffExact(wasm[k], native[k], k) : diffClose(wasm[k], native[k], k);
  }
  return out;
}

/** Counts the floats that differ at all (for information: 0 means bit-identical up to timing). */
export function countFloatDiffs(a, b) {
  let n = 0;
  const walk = (x, y) => {
    if (typeof x === 'number' && typeof y === 'number') {
      if (!Object.is(x, y)) n++;
    } else if (isF64(x) && isF64(y)) {
      if (x.f64 !== y.f64) n++;
    } else if (x && y && typeof x === 'object' && typeof y === 'object') {
      for (const k of Object.keys(y)) if (k !== 'timing_ms' && k in x) walk(x[k], y[k]);
    }
  };
  walk(a, b);
  return n;
}

/** Drops empty sections, so `expect(nonEmpty(diffs)).toEqual({})` prints only what differs. */
export function nonEmpty(diffs) {
  return Object.fromEntries(Object.entries(diffs).filter(([, v]) => v.length));
}
