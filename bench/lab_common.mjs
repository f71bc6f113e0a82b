// lab_common.mjs — what bench/lab_perf.mjs and bench/lab_speed.mjs share: the browser they drive and how, and
// the statistics they print.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/** Checks that the built lab and Chromium are there (exit 2 naming what is missing), then serves public/ (or
 *  LAB_PERF_ROOT) on a free port and launches Chromium: {server, browser}. */
export async function launchLab(tool) {
  for (const f of ['graphlab-core.wasm', 'graphlab-core.mjs', 'graphlab.mjs', 'app/main.js']) {
    if (!fs.existsSync(path.join(REPO, 'public', f))) {
      console.error(`${tool}: public/${f} is missing — run "make wasm web" (or "make bench-lab")`);
      process.exit(2);
    }
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`${tool}: ${CHROMIUM} is missing (apt-get install chromium); nothing measured`);
    process.exit(2);
  }
  const { startServer } = await import('../tools/serve.mjs');
  const { chromium } = await import('playwright-core');
  const server = await startServer({ port: 0, quiet: true, root: process.env.LAB_PERF_ROOT || undefined });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return { server, browser };
}
