// clock.js — the resolution the page's clock really has. Firefox rounds performance.now() (and the WASM
// core's clock, which reads it) to whole milliseconds or coarser, so "0.00 ms" there means "under one tick":
// durations are shown at this resolution (format.js formatMs), never finer.

let cached = null;

/** The smallest step performance.now() takes, in ms (measured once: a few spins of at most ~20 ms each). */
export function clockResolutionMs(now = () => performance.now()) {
  if (cached !== null) return cached;
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const t0 = now();
    let t1 = t0;
    const stop = t0 + 20;
    while (t1 === t0 && t1 < stop) t1 = now();
    if (t1 > t0) best = Math.min(best, t1 - t0);
  }
  cached = Number.isFinite(best) ? best : 1;
  return cached;
}
