// kernels/sweep.js — the roofline's sweep: a one-layer result's layer analysed shape-only at other T (prefill)
// or S (decode), for where each kernel goes and the T at which it crosses its ridge (memory- → compute-bound).
// The core does the analyses (ctx.lab().runCase, no graphs emitted, a few ms each); they run one per task, so
// the page never waits for more than one.

export const SWEEP_GRID = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536,
  2048, 3072, 4096, 6144, 8192, 12288, 16384];

const later = () => new Promise((res) => setTimeout(res, 0));

/** memory | compute for each kernel of a result (intensity against its ceiling's ridge). */
export function boundsOf(kernels, dev) {
  return kernels.map((k) => {
    const peak = k.kind === 'matmul' || k.kind === 'attention' ? dev.mm_flops : dev.vec_flops;
    const bytes = (k.reads || 0) + (k.writes || 0);
    return bytes && k.flops / bytes >= peak / dev.bw ? 'compute' : 'memory';
  });
}

/**
 * A sweep over the result r's layer: at(v) → Promise of its fused kernels at T (or S) = v (cached);
 * crossings(onProgress) → Promise of [{from, to}] per kernel: the last v memory-bound and the first v
 * compute-bound (exact integers, by bisection between the grid's points), {never: true}, or {always: true}.
 */
export function createSweep(lab, r, pipeline) {
  const decode = r.config.mode !== 'prefill';
  const axis = decode ? 'S' : 'T';
  const cache = new Map();
  let cancelled = false;
  // (made when the sweep is first used: a new result makes a sweep, most are never moved)
  let base = null;
  function caseAt(v) {
    const config = { ...r.config };
    if (decode) config.S = v; else config.T = v;
    const c = { case: 'lab-sweep', config, elem_bytes: r.elem_bytes, device: { ...r.device }, emit: { graphs: false, outputs: false, provenance: false } };
    if (pipeline) c.pipeline = pipeline.slice();
    return c;
  }
  function runNow(v) {
    if (cache.has(v)) return cache.get(v);
    let ks = null;
    try {
      const out = lab.runCase(caseAt(v));
      const fk = out && out.fused && out.fused.kernels;
      if (base === null) base = r.fused.kernels.map((k) => k.label).join('|');
      // another partition into kernels (a T that changes what fuses) is not comparable kernel by kernel
      if (fk && fk.map((k) => k.label).join('|') === base) ks = fk;
    } catch { ks = null; }
    cache.set(v, ks);
    return ks;
  }
  async function at(v) {
    if (!cache.has(v)) await later();
    return cancelled ? null : runNow(v);
  }
  async function crossings(onProgress) {
    const dev = r.device;
    const grid = SWEEP_GRID.filter((v) => !(decode && v < 1));
    const seen = [];
    for (const v of grid) {
      const ks = await at(v);
      if (cancelled) return null;
      if (ks) seen.push([v, boundsOf(ks, dev)]);
      if (onProgress) onProgress(seen.length / grid.length);
    }
    const n = Math.min(r.fused.kernels.length, ...seen.map(([, b]) => b.length));
    const out = [];
    for (let ki = 0; ki < n; ki++) {
      const first = seen.findIndex(([, b]) => b[ki] === 'compute');
      if (first < 0) { out.push({ never: true }); continue; }
      if (first === 0) { out.push({ always: true }); continue; }
      let lo = seen[first - 1][0], hi = seen[first][0];
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const ks = await at(mid);
        if (cancelled) return null;
        if (!ks) break;
        if (boundsOf(ks, dev)[ki] === 'compute') hi = mid; else lo = mid;
      }
      out.push({ from: lo, to: hi });
    }
    return out;
  }
  return { axis, at, crossings, cached: (v) => cache.get(v) || null, cancel() { cancelled = true; } };
}
