// inputs.js — explicit random inputs for a numeric run, for cores that do not take inputs {"random": seed}.
// Shapes follow the fixtures: prefill x (T, d); decode x (1, d), k_cache / v_cache (G, S, dh), RoPE cos / sin
// (1, 1, dh) for position S-1, and when masked kmask (1, 1, S) whose last 3 slots are -inf (bucket padding).
// Values are standard normal from a seeded generator (mulberry32 + Box–Muller): the same seed, the same run.

function rng(seed) {
  let a = (seed >>> 0) ^ 0x9e3779b9;
  const u = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    const u1 = Math.max(u(), 1e-300), u2 = u();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  };
}

export function f64Base64(arr) {
  const u8 = new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
  let s = '';
  for (let i = 0; i < u8.length; i += 0x8000) s += String.fromCharCode.apply(null, u8.subarray(i, i + 0x8000));
  return btoa(s);
}

function arr(shape, fill) {
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) data[i] = fill(i);
  return { shape, f64: f64Base64(data) };
}

/** {name: {shape, f64}} for the case's config (the "decode"/"prefill" config of caseFromState). */
export function makeInputs(config, seed) {
  const normal = rng(seed + 1);
  const { d, G, dh } = config;
  if (config.mode === 'prefill') return { x: arr([config.T, d], normal) };
  const S = config.S;
  const pos = S - 1;
  const inv = (i) => config.theta ** (-(2 * Math.floor(i / 2)) / dh);
  const out = {
    x: arr([1, d], normal),
    k_cache: arr([G, S, dh], normal),
    v_cache: arr([G, S, dh], normal),
    cos: arr([1, 1, dh], (i) => Math.cos(pos * inv(i))),
    sin: arr([1, 1, dh], (i) => Math.sin(pos * inv(i))),
  };
  if (config.masked) out.kmask = arr([1, 1, S], (i) => (i >= S - 3 && S > 3 ? -Infinity : 0));
  return out;
}
