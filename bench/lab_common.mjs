// lab_common.mjs — what bench/lab_perf.mjs and bench/lab_speed.mjs share: the browser they drive and how, and
// the statistics they print.
import os from 'node:os';

export const CHROMIUM = '/usr/bin/chromium';
// --disable-gpu: no GPU here, so Chromium rasterizes and composites in software (viz's SoftwareRenderer): every
// frame's raster and draw is CPU time on the 2 cores, a harder test than a student's GPU browser. No flag that
// changes how frames are scheduled or counted (--disable-frame-rate-limit, --run-all-compositor-stages-before-
// draw, --disable-renderer-backgrounding …): the page is in front, and (b) measures the floor (a page that
// only runs a rAF loop, and the lab standing still) in the same browser, on time at 100 % on an idle machine.
export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

export function quantile(xs, q) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i];
}
export const median = (xs) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '—');
export const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

/** The closing lines: the load average, then the missed targets (exit code 1) or that all were met. */
export function finish(failures, allMet) {
  console.log(`\nload average at the end: ${load()}`);
  if (failures.length) {
    console.log(`\n${failures.length} target(s) missed:\n  - ${failures.join('\n  - ')}`);
    process.exitCode = 1;
  } else console.log(`\nall targets met (${allMet})`);
}
