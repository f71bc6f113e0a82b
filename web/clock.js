// clock.js — the resolution the page's clock really has. Firefox rounds performance.now() (and the WASM
// core's clock, which reads it) to whole milliseconds or coarser, so "0.00 ms" there means "under one tick":
// durations are shown at this resolution (format.js formatMs), never finer.

let cached = null;

/**
 * The step performance.now() takes, in ms: the median of a few measured steps (a spin of at most ~20 ms each;
 * the median, because jittered clocks — Chromium's 100 µs, Firefox's 1 ms — sometimes step less or more).
 */
export function clockResolutionMs(now = () => performance.now()) {
  if (cached !== null) return cached;
  const steps = [];
  for (let i = 0; i < 7; i++) {
    const t0 = now();
    let t1 = t0;
    const stop = t0 + 20;
    while (t1 === t0 && t1 < stop) t1 = now();
    if (t1 > t0) steps.push(t1 - t0);
  }
  steps.sort((a, b) => a - b);
  // 0.09999999962747097 is a 0.1 ms clock read through float timestamps
  cached = steps.length ? +steps[Math.floor(steps.length / 2)].toPrecision(2) : 1;
  return cached;
}
