// compare.js — comparison helpers shared by the parity suites: a case result (from the native CLI, the
// WASI build or the browser module) against a golden fixture, with the tolerances of the spec.
// Every helper returns a list of human-readable mismatch strings (empty = equal), so a failing test
// prints all the differences at once.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES = join(ROOT, 'tests', 'fixtures');
/** Our own golden cases, made by the reference too (tools/make-golden.py; see tests/golden/README.md). */
export const GOLDEN = join(ROOT, 'tests', 'golden');
export const NATIVE = join(ROOT, 'build', 'graphlab');
export const ASAN = join(ROOT, 'build', 'graphlab_asan');
export const WASM = join(ROOT, 'build', 'graphlab.wasm');
export const RUN_WASI = join(ROOT, 'wasm', 'run-wasi.mjs');

export const TOL = { cost: 1e-12, time: 1e-9, outputs: 1e-12 };

const jsonFiles = (dir) => (existsSync(dir) ? readdirSync(dir) : []).filter((f) => f.endsWith('.json')).sort()
  .map((f) => join(dir, f));

/** The spec's golden fixtures (tests/fixtures/, copies of ../shared/fixtures/). */
export function fixtureFiles() {
  return jsonFiles(FIXTURES);
}

/** Our golden cases (tests/golden/), in the fixtures' format. */
export function goldenFiles() {
  return jsonFiles(GOLDEN);
}

/** Every case the parity suites check against the reference: the fixtures, then our golden cases. */
export function referenceCaseFiles() {
  return [...fixtureFiles(), ...goldenFiles()];
}

/** Runs the CLI: kind "native" | "asan" | "wasi". Returns {status, stdout, stderr}. With the pass verifier on
 * (GRAPHLAB_VERIFY=1; the environment may say 0): every pass of every golden case is checked as it runs. */
export function runCli(kind, args, { input, env } = {}) {
  requireBinary(kind);
  const opts = { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28, input,
    env: { GRAPHLAB_VERIFY: '1', ...process.env, ...env } };
  const r = kind === 'wasi'
    ? spawnSync(process.execPath, [RUN_WASI, ...args], opts)
    : spawnSync(kind === 'asan' ? ASAN : NATIVE, args, opts);
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const BUILD_HINT = { native: 'make native', asan: 'make build/graphlab_asan', wasi: 'make wasi' };

export function haveBinary(kind) {
  return existsSync(kind === 'wasi' ? WASM : kind === 'asan' ? ASAN : NATIVE);
}

/** Throws "… is missing: run make …" when a build is absent: the parity suites fail, they never skip. */
export function requireBinary(kind) {
  if (!BUILD_HINT[kind]) throw new Error(`unknown CLI kind ${kind}`);
  if (!haveBinary(kind)) {
    const file = kind === 'wasi' ? WASM : kind === 'asan' ? ASAN : NATIVE;
    throw new Error(`${file} is missing: run make (\`${BUILD_HINT[kind]}\`, or \`make test\` for everything)`);
  }
}

// ---------------------------------------------------------------- scalar comparisons
export function relClose(a, b, rel) {
  if (typeof a !== 'number' || typeof b !== 'number') return false;
  if (a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return Object.is(a, b);
  return Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));
}

const show = (v) => {
  const s = JSON.stringify(v);
  return s && s.length > 200 ? `${s.slice(0, 200)}…` : s;
};

/** Exact (deep) equality, reporting the first differing paths. JSON numbers compare by value
 *  (8388608.0 in a fixture equals 8388608). Object key order is ignored. */
export function diffExact(actual, expected, path = '', out = [], limit = 20) {
  if (out.length >= limit) return out;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      out.push(`${path}: expected an array ${show(expected)}, got ${show(actual)}`);
      return out;
    }
    if (actual.length !== expected.length) {
      out.push(`${path}: length ${actual.length}, expected ${expected.length} (got ${show(actual)}, expected ${show(expected)})`);
      return out;
    }
    for (let i = 0; i < expected.length; i++) diffExact(actual[i], expected[i], `${path}[${i}]`, out, limit);
    return out;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      out.push(`${path}: expected an object ${show(expected)}, got ${show(actual)}`);
      return out;
    }
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      if (!(k in actual)) out.push(`${path}.${k}: missing (expected ${show(expected[k])})`);
      else if (!(k in expected)) out.push(`${path}.${k}: unexpected key (${show(actual[k])})`);
      else diffExact(actual[k], expected[k], `${path}.${k}`, out, limit);
      if (out.length >= limit) break;
    }
    return out;
  }
  if (!Object.is(actual, expected) && actual !== expected) out.push(`${path}: got ${show(actual)}, expected ${show(expected)}`);
  return out;
}

// ---------------------------------------------------------------- the parts of a case result
export function comparePasses(actual, expected) {
  return diffExact(actual.passes, expected.passes, 'passes');
}

export function compareGraphs(actual, expected) {
  if (!expected.graphs) return [];
  if (!actual.graphs) return ['graphs: missing'];
  const out = [];
  for (const stage of Object.keys(expected.graphs)) {
    const a = actual.graphs[stage];
    if (!a) {
      out.push(`graphs.${stage}: missing`);
      continue;
    }
    const e = expected.graphs[stage];
    diffExact(a.nodes, e.nodes, `graphs.${stage}.nodes`, out);
    diffExact(a.outputs, e.outputs, `graphs.${stage}.outputs`, out);
    diffExact(a.input_names, e.input_names, `graphs.${stage}.input_names`, out);
  }
  return out;
}

/** graph_cost dicts: integers (kernels) exact, floats within rel. */
export function compareCost(actual, expected, path, rel = TOL.cost) {
  const out = [];
  if (!actual) return [`${path}: missing`];
  for (const k of Object.keys(expected)) {
    const a = actual[k];
    const e = expected[k];
    if (k === 'kernels' ? a !== e : !relClose(a, e, rel)) out.push(`${path}.${k}: got ${a}, expected ${e}`);
  }
  for (const k of Object.keys(actual)) if (!(k in expected)) out.push(`${path}.${k}: unexpected key`);
  return out;
}

export function compareKernels(actual, expected, path) {
  if (expected == null) return [];
  if (!Array.isArray(actual)) return [`${path}: expected ${expected.length} kernels, got ${show(actual)}`];
  const out = [];
  if (actual.length !== expected.length) {
    out.push(`${path}: ${actual.length} kernels, expected ${expected.length}`);
  }
  const n = Math.min(actual.length, expected.length);
  for (let i = 0; i < n && out.length < 20; i++) {
    const a = actual[i];
    const e = expected[i];
    const p = `${path}[${i}]`;
    for (const k of ['kind', 'label', 'nodes', 'reads', 'writes', 'flops']) diffExact(a[k], e[k], `${p}.${k}`, out);
    if (!relClose(a.time_s, e.time_s, TOL.time)) out.push(`${p}.time_s: got ${a.time_s}, expected ${e.time_s}`);
  }
  return out;
}

export function compareMemory(actual, expected) {
  if (!actual.memory) return ['memory: missing'];
  return diffExact(actual.memory, expected.memory, 'memory');
}

/** Decodes {shape, f64} (base64 of little-endian float64). */
export function decodeF64(arr) {
  const buf = Buffer.from(arr.f64, 'base64');
  if (buf.length % 8) throw new Error(`f64 of ${buf.length} bytes is not a whole number of float64s`);
  const out = new Float64Array(buf.length / 8);
  for (let i = 0; i < out.length; i++) out[i] = buf.readDoubleLE(8 * i);
  return out;
}

/** One array: same shape, max|a-b| <= rel·max(1, max|ref|) over finite values, same -inf/+inf/NaN places. */
export function compareArray(actual, expected, path, rel = TOL.outputs) {
  const out = [];
  if (!actual || !Array.isArray(actual.shape)) return [`${path}: missing`];
  diffExact(actual.shape, expected.shape, `${path}.shape`, out);
  if (out.length) return out;
  const a = decodeF64(actual);
  const e = decodeF64(expected);
  if (a.length !== e.length) return [`${path}: ${a.length} values, expected ${e.length}`];
  let refMax = 0;
  for (const v of e) if (Number.isFinite(v)) refMax = Math.max(refMax, Math.abs(v));
  const tol = rel * Math.max(1, refMax);
  let worst = 0;
  let worstAt = -1;
  for (let i = 0; i < e.length; i++) {
    const x = a[i];
    const y = e[i];
    if (!Number.isFinite(y) || !Number.isFinite(x)) {
      if (!Object.is(x, y) && !(Number.isNaN(x) && Number.isNaN(y))) {
        out.push(`${path}[${i}]: got ${x}, expected ${y}`);
        if (out.length > 5) return out;
      }
      continue;
    }
    const d = Math.abs(x - y);
    if (d > worst) {
      worst = d;
      worstAt = i;
    }
  }
  if (worst > tol) out.push(`${path}: max|a-b| = ${worst} at ${worstAt} (got ${a[worstAt]}, expected ${e[worstAt]}), tolerance ${tol}`);
  return out;
}

export function compareOutputs(actual, expected) {
  if (!expected.outputs) return [];
  if (!actual.outputs) return ['outputs: missing'];
  const out = [];
  for (const stage of Object.keys(expected.outputs)) {
    const a = actual.outputs[stage];
    const e = expected.outputs[stage];
    if (!Array.isArray(a)) {
      out.push(`outputs.${stage}: missing`);
      continue;
    }
    if (a.length !== e.length) out.push(`outputs.${stage}: ${a.length} outputs, expected ${e.length}`);
    for (let i = 0; i < Math.min(a.length, e.length); i++) out.push(...compareArray(a[i], e[i], `outputs.${stage}[${i}]`));
  }
  return out;
}

/** Everything a fixture pins, section by section: {section: [mismatches]}. */
export function compareCase(actual, expected) {
  return {
    case: diffExact(actual.case, expected.case, 'case'),
    config: diffExact(actual.config, expected.config, 'config'),
    elem_bytes: diffExact(actual.elem_bytes, expected.elem_bytes, 'elem_bytes'),
    device: diffExact(actual.device, expected.device, 'device'),
    bind: diffExact(actual.bind, expected.bind, 'bind'),
    passes: comparePasses(actual, expected),
    graphs: compareGraphs(actual, expected),
    eager: [
      ...compareCost(actual.eager?.cost, expected.eager.cost, 'eager.cost'),
      ...compareKernels(actual.eager?.kernels, expected.eager.kernels, 'eager.kernels'),
    ],
    fused: [
      ...compareCost(actual.fused?.cost, expected.fused.cost, 'fused.cost'),
      ...compareKernels(actual.fused?.kernels, expected.fused.kernels, 'fused.kernels'),
    ],
    memory: compareMemory(actual, expected),
    outputs: compareOutputs(actual, expected),
  };
}

/** Two results of GraphLab itself (native vs WASI): identical except timing_ms. */
export function compareResults(a, b) {
  const strip = (r) => {
    const { timing_ms: _t, ...rest } = r;
    return rest;
  };
  return diffExact(strip(a), strip(b), 'result');
}
