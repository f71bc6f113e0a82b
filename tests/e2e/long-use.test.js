// long-use.test.js — the lab under long use, in headless Chromium (/usr/bin/chromium via playwright-core):
// 10,000 config changes and pass steps driven through the page's own setState / step (the test hook that
// exists only with ?test=1), then checks that the WASM heap is flat (memoryStats: the same bytes in use,
// no arena growth), the JS heap and the DOM did not grow, and the page still answers a key press within 1 s.
//
// The mix (≈1 minute on 2 cores): 5,000 config changes of every kind (dims, mode, layers, pipeline, device,
// element size), half analysed at once (runCase + render) and the rest left to the page's debounce like a
// dragged slider (one analysis at the end of each block of 100 ops); 5,000 steps forward and back; panels
// mostly closed (the config panel renders each change) with every 10th block drawing every panel (graph with
// dagre layout, kernels, memory). The URL hash must still mirror the state at the end (main.js throttles its
// writes: history.replaceState costs the browser ~5 ms each, which made this test take 3 minutes).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const TOTAL_OPS = 10_000;
const BLOCK = 100;                       // ops per page.evaluate
const FULL_EVERY = 10;                   // every 10th block draws every panel

describe('browser lab: 10,000 changes and steps (e2e, Chromium)', () => {
  let browser, server, page, cdp;
  const errors = [];
  const dialogs = [];

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: run make deps (apt-get install chromium); the e2e suites never skip`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, reducedMotion: 'reduce' });
    page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    await page.goto(`${server.url}?test=1#panels=config&fold=off`);   // (a folded group's opening is not a leak)
    await page.waitForFunction(() => document.body.classList.contains('ready') && window.__graphlabTest, null, { timeout: 90000 });
    cdp = await context.newCDPSession(page);
  });

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  /** WASM heap (bytes in use, malloc arena, memory size), JS heap after a full GC, DOM element count. */
  async function measure() {
    await cdp.send('HeapProfiler.collectGarbage');
    const js = await cdp.send('Runtime.getHeapUsage');
    // (the analyses run in the page's analysis worker: heap() is that module's, a Promise)
    const page_ = await page.evaluate(async () => ({ wasm: await window.__graphlabTest.heap(), dom: document.getElementsByTagName('*').length }));
    return { ...page_, jsUsed: js.usedSize };
  }

  /** A fixed state to compare before and after: every panel open on the default config, stage 2. */
  async function reset() {
    await page.evaluate(async () => {
      const h = window.__graphlabTest;
      h.setState({
        cfg: { d: 64, H: 8, G: 2, dh: 8, f: 128, mode: 'prefill', T: 12, pos0: 0, S: 16, layers: 1 },
        eb: 2, dev: 'h100', panels: ['config', 'graph', 'kernels', 'memory'], stage: 0, hide: false,
        pipeline: ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'],
      });
      await h.analyzeNow();                    // a Promise: the analysis runs in a worker
      h.step(1);
      h.step(1);
    });
  }

  /** One block of ops; returns counts by kind. Deterministic in `block`. */
  function runBlock(block, full) {
    return page.evaluate(async ({ block, full, n }) => {
      const h = window.__graphlabTest;
      let seed = (block + 1) * 2654435761 >>> 0;
      const rnd = (k) => {                       // xorshift32, 0..k-1
        seed ^= seed << 13; seed >>>= 0; seed ^= seed >>> 17; seed ^= seed << 5; seed >>>= 0;
        return seed % k;
      };
      const PIPES = [
        ['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight'],
        ['decompose', 'cse', 'dce'], ['cse', 'cse', 'simplify'], [], ['fold_norm_weight', 'match_attention', 'constant_fold'],
      ];
      const DEVS = ['h100', 'a100', 'b200', 'mi300x'];
      const KG = [[8, 2], [4, 4], [8, 1], [6, 3], [8, 3]];       // the last is impossible: the core's error path
      h.setState({ panels: full ? ['config', 'graph', 'kernels', 'memory'] : ['config'] });
      const counts = { analysed: 0, debounced: 0, steps: 0, errors: 0 };
      for (let i = 0; i < n; i++) {
        if (rnd(2) === 0) {
          const r = rnd(8);
          let patch;
          if (r === 0) patch = { cfg: { T: 1 + rnd(24) } };
          else if (r === 1) { const [H, G] = KG[rnd(KG.length)]; patch = { cfg: { H, G } }; }
          else if (r === 2) patch = { cfg: { mode: ['prefill', 'decode', 'masked'][rnd(3)], S: 2 + rnd(30) } };
          else if (r === 3) patch = { cfg: { layers: 1 + rnd(2), d: [32, 48, 64][rnd(3)] } };
          else if (r === 4) patch = { pipeline: PIPES[rnd(PIPES.length)] };
          else if (r === 5) patch = { dev: DEVS[rnd(DEVS.length)], eb: rnd(2) ? 2 : 4 };
          else if (r === 6) patch = { cfg: { dh: [4, 8, 7][rnd(3)], f: [64, 128, 96][rnd(3)] } };
          else patch = { cfg: { pos0: rnd(5) }, hide: !!rnd(2) };
          h.setState(patch);
          if (rnd(2) === 0) {                    // half analysed at once, the rest coalesced by the debounce
            await h.analyzeNow();
            counts.analysed++;
          } else counts.debounced++;
        } else {
          h.step(rnd(3) === 0 ? -1 : 1);
          counts.steps++;
        }
      }
      await h.analyzeNow();
      return counts;
    }, { block, full, n: BLOCK });
  }

  it('keeps the WASM heap, the JS heap and the DOM flat, and stays responsive', async () => {
    // warm-up: every code path once (layout caches, JIT), then the baseline at a fixed state
    for (let b = 0; b < 3; b++) await runBlock(1000 + b, b === 0);
    await reset();
    const before = await measure();
    const t0 = Date.now();
    const totals = { analysed: 0, debounced: 0, steps: 0 };
    const samples = [];
    const blockMs = { full: 0, config: 0 };
    for (let b = 0; b < TOTAL_OPS / BLOCK; b++) {
      const full = b % FULL_EVERY === FULL_EVERY - 1;
      const tb = Date.now();
      const c = await runBlock(b, full);
      blockMs[full ? 'full' : 'config'] += Date.now() - tb;
      for (const k of Object.keys(totals)) totals[k] += c[k];
      if (b % 20 === 19) samples.push((await page.evaluate(() => window.__graphlabTest.heap())).inUse);
    }
    const secs = (Date.now() - t0) / 1000;
    await reset();
    const after = await measure();
    console.log(`long use: ${TOTAL_OPS} ops in ${secs.toFixed(1)} s: ${totals.analysed} config changes analysed, ` +
                `${totals.debounced} left to the debounce, ${totals.steps} pass steps (blocks with every panel: ` +
                `${(blockMs.full / 1000).toFixed(1)} s, with the config panel: ${(blockMs.config / 1000).toFixed(1)} s)`);
    console.log(`  WASM heap before: ${JSON.stringify(before.wasm)}`);
    console.log(`  WASM heap after:  ${JSON.stringify(after.wasm)}  (in use every 2,000 ops: ${samples.join(', ')})`);
    console.log(`  JS heap used after GC: before ${(before.jsUsed / 1e6).toFixed(1)} MB, after ${(after.jsUsed / 1e6).toFixed(1)} MB; ` +
                `DOM elements: before ${before.dom}, after ${after.dom}`);

    expect(totals.analysed + totals.debounced + totals.steps).toBe(TOTAL_OPS);
    expect(totals.analysed).toBeGreaterThan(2000);
    expect(totals.steps).toBeGreaterThan(4000);
    // WASM: every call frees what it allocated; malloc's arena and the memory did not grow
    expect(after.wasm.inUse).toBe(before.wasm.inUse);
    for (const s of samples) expect(s).toBe(before.wasm.inUse);
    expect(after.wasm.arena).toBeLessThanOrEqual(before.wasm.arena * 1.25 + (1 << 20));
    expect(after.wasm.memory).toBe(before.wasm.memory);
    // JS and DOM: nothing accumulates (caches are bounded; the same state draws the same page)
    expect(after.jsUsed).toBeLessThan(before.jsUsed * 1.5 + 8e6);
    expect(after.dom).toBeLessThanOrEqual(before.dom + 50);
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);

    // the URL hash (written at most every 100 ms during bursts) still mirrors the state
    // (a string, so that Vitest does not rewrite the page's import())
    await page.waitForTimeout(250);
    const mirrored = await page.evaluate(`import('/app/state.js').then(({ parseHash }) =>
      JSON.stringify(parseHash(location.hash).state) === JSON.stringify(window.__graphlab.state()))`);
    expect(mirrored).toBe(true);

    // still responsive: a key press renders the next stage within 1 s, every panel open
    const stage0 = await page.evaluate(() => Number(document.querySelector('.graph-svg').getAttribute('data-stage')));
    const t1 = Date.now();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((s) => Number(document.querySelector('.graph-svg').getAttribute('data-stage')) === s + 1,
                               stage0, { timeout: 5000 });
    const ms = Date.now() - t1;
    console.log(`  final step rendered in ${ms} ms`);
    expect(ms).toBeLessThan(1000);
  }, 300_000);
});
