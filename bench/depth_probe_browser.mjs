#!/usr/bin/env node
// depth_probe_browser.mjs — bench/depth_probe.mjs's constructs where the lab runs them: the browser module in a
// dedicated worker of headless Chromium (/usr/bin/chromium), whose V8 stack is the smallest the front end runs
// on (a dunder's recursion, which still recurses in C, traps at ~430 levels there; a program's own calls run on
// heap frames, c/src/front/py_frames.c, and reach CPython's limit without trapping).
// Per construct: the deepest N the module runs (bisection between a run and a refusal) and, with --nolimits
// (the module of `make wasm-nolimits`, the depth limits lifted), the first N that traps instead; their ratio
// is the margin PY_DEPTH_MAX keeps (c/src/front/py.h).
//   node bench/depth_probe_browser.mjs [--nolimits] [--main]      (--main: the page's thread, not a worker)
// PROBE_ONLY=text limits it to the constructs whose name contains text.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../tools/serve.mjs';
import { CONSTRUCTS } from './depth_probe.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nolimits = process.argv.includes('--nolimits');
const main = process.argv.includes('--main');
const { chromium } = await import('playwright-core');
const server = await startServer({ port: 0 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });

async function page(dir) {
  const p = await browser.newPage();
  for (const f of ['graphlab-core.mjs', 'graphlab-core.wasm']) {
    await p.route(`**/${f}`, (r) => r.fulfill({ path: path.join(REPO, dir, f),
      contentType: f.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' }));
  }
  await p.goto(`http://127.0.0.1:${server.port}/graphlab.mjs`);
  // run(src): 'ok', 'limit' (a clear error) or 'trap'; a trapped module's worker is replaced by a fresh one
  await p.evaluate(async (inMain) => {
    const body = `let gl = null;
      async function fresh() { gl = await (await import('${location.origin}/graphlab.mjs')).createGraphLab(); }
      async function run(src) {
        if (!gl) await fresh();
        try { gl.trace(src); return 'ok'; } catch (e) {
          if (e && e.code && !/trapped/.test(e.message)) return 'limit';
          gl = null;
          return 'trap';
        }
      }`;
    if (inMain) {
      window.run = new Function(`${body}; return run;`)();
      return;
    }
    const code = `${body}\nonmessage = async (ev) => postMessage(await run(ev.data));`;
    const mk = () => new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })), { type: 'module' });
    let w = mk();
    window.run = (src) => new Promise((res) => {
      w.onmessage = (e) => {
        if (e.data === 'trap') { w.terminate(); w = mk(); }
        res(e.data);
      };
      w.postMessage(src);
    });
  }, main);
  return (src) => p.evaluate((s) => window.run(s), src);
}

// the largest n in [lo, hi) for which ok(n), given ok(lo) and !ok(hi), to 1/64
async function edge(lo, hi, ok) {
  while (hi - lo > Math.max(1, lo >> 6)) {
    const m = (lo + hi) >> 1;
    if (await ok(m)) lo = m; else hi = m;
  }
  return [lo, hi];
}

const run = await page('public');
const runNl = nolimits ? await page('build/nolimits') : null;
const CAP = 400000;
for (const [name, gen] of Object.entries(CONSTRUCTS)) {
  if (process.env.PROBE_ONLY && !name.includes(process.env.PROBE_ONLY)) continue;
  let n = 16, lo = 0, r;
  while (n <= CAP && (r = await run(gen(n))) === 'ok') lo = n, n *= 2;
  let line;
  if (r === 'trap') line = `TRAPS at <= ${n}`;
  else if (n > CAP) line = `runs up to ${CAP}`;
  else {
    let trapped = false;
    const [deep] = await edge(lo, n, async (m) => {
      const x = await run(gen(m));
      if (x === 'trap') trapped = true;
      return x === 'ok';
    });
    line = `deepest that runs ${String(deep).padStart(7)}${trapped ? ' (A TRAP below the limit)' : ''}`;
    if (runNl) {
      let t = deep;
      while (t <= CAP && (await runNl(gen(t))) !== 'trap') t = Math.ceil(t * 1.25);
      if (t > CAP) line += '; no trap without limits';
      else {
        const [, first] = await edge(Math.floor(t / 1.25), t, async (m) => (await runNl(gen(m))) !== 'trap');
        line += `; without limits traps at ~${first}: margin ${(first / deep).toFixed(2)}x`;
      }
    }
  }
  console.log(`${name.padEnd(30)} ${line}`);
}
await browser.close();
await server.close();
