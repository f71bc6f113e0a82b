// charts.test.js — the kernels and memory charts explain themselves (issue 19), in Debian's Chromium driven by
// playwright-core against the real WASM module: every roofline point's tooltip gives its intensity and bound,
// roofline labels never overlap, memory ticks are round numbers in one binary unit, chart text is at least
// 12 px at 1280×720 (16 px in presentation: present.test.js), and the hooks of issue 14 (kernel-bar, memory-block) are there.
// Expected numbers come from the reference's fixture (the default small prefill layer) or the native CLI
// (decode at the lab's default S, the sweep's crossing), never from the page.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { formatBytes, formatIntensity } from '../../web/format.js';
import { cliLab } from './harness.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const SMALL = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'small_prefill.json'), 'utf8'));
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

const cli = cliLab;   // the expected numbers (harness.js)

/** intensity and bound of a kernel as the reference's numbers give them */
function expectedOf(k, dev) {
  const peak = k.kind === 'matmul' || k.kind === 'attention' ? dev.mm_flops : dev.vec_flops;
  const ai = k.flops / (k.reads + k.writes);
  return { ai, bound: ai >= peak / dev.bw ? 'compute-bound' : 'memory-bound' };
}

const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('charts that explain themselves (e2e, Chromium)', () => {
  let browser, server;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run make deps (apt-get install chromium); the e2e suites never skip`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  async function open(hash = '', viewport = { width: 1400, height: 1000 }) {
    const page = await browser.newPage({ viewport });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(server.url + (hash ? `${hash}&fold=off` : '#fold=off'));   // node by node: the tests light up single nodes
    await page.waitForFunction(() => document.body.classList.contains('ready') &&
      document.querySelectorAll('#panel-kernels circle.kpt').length > 0, null, { timeout: 90000 });
    return { page, errors };
  }

  for (const [what, hash, viewport] of [['prefill (default)', ''], ['decode', '#mode=decode'],
    ['decode at 1280×720', '#mode=decode', { width: 1280, height: 720 }]]) {
    it(`${what}: hovering each roofline point shows its intensity and bound; no two labels overlap`, async () => {
      const { page, errors } = await open(hash, viewport);
      const cfg = await page.evaluate(() => window.__graphlab.state().cfg);
      const ref = hash ? cli(cfg) : SMALL;
      const kernels = ref.fused.kernels;
      const ids = await page.$$eval('#panel-kernels circle.kpt', (cs) => cs.map((c) => Number(c.getAttribute('data-kernel'))));
      // every kernel with FLOPs and bytes is drawn (the kv_writes have no FLOPs)
      expect(ids.sort((a, b) => a - b)).toEqual(kernels.map((k, i) => (k.flops > 0 ? i : -1)).filter((i) => i >= 0));
      const tip = page.locator('#panel-kernels .tooltip');
      for (const i of ids) {
        await page.hover(`#panel-kernels circle.kpt[data-kernel="${i}"]`, { force: true });
        const text = await tip.textContent();
        const { ai, bound } = expectedOf(kernels[i], ref.device);
        expect(text).toContain(`#${i} ${kernels[i].kind}: ${kernels[i].label}`);
        expect(text).toContain(`intensity ${formatIntensity(ai)}`);
        expect(text).toContain(bound);
      }
      await page.mouse.move(0, 0);
      // labels: one per point, none on another, none on a ceiling / ridge / bandwidth label
      const boxes = await page.$$eval('#panel-kernels .roof-svg text.roof-label, #panel-kernels .roof-svg text.ceil-label',
        (ts) => ts.map((t) => { const b = t.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom, text: t.textContent }; }));
      expect(boxes.filter((b) => /^#\d+( |$)/.test(b.text))).toHaveLength(ids.length);   // a name, or the number where no name fits
      for (let a = 0; a < boxes.length; a++) {
        for (let b = a + 1; b < boxes.length; b++) expect(overlap(boxes[a], boxes[b]), `${boxes[a].text} / ${boxes[b].text}`).toBe(false);
      }
      // both ridge points labelled: 989/3.35 ≈ 295 and 67/3.35 = 20 FLOP/byte on the H100
      const ridges = await page.$$eval('[data-testid=ridge-label]', (ts) => ts.map((t) => t.textContent));
      expect(ridges).toEqual([`ridge ${formatIntensity(ref.device.mm_flops / ref.device.bw)}`, `ridge ${formatIntensity(ref.device.vec_flops / ref.device.bw)}`]);
      expect(ridges).toEqual(['ridge 295 FLOP/B', 'ridge 20 FLOP/B']);
      expect(await page.locator('[data-testid=kernel-bar]').count()).toBe(kernels.length);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('a kernel is named by what it contains; clicking its point selects it, says what stayed on chip and lights it up on the graph', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('End');                      // the last stage: the fused kernels are on the graph
    await page.waitForFunction(() => document.querySelector('.graph-svg')?.getAttribute('data-animating') === '0', null, { timeout: 45000 });
    await page.click('#panel-kernels circle.kpt[data-kernel="1"]', { force: true });
    const details = await page.locator('[data-testid=kernel-details]').textContent();
    expect(details).toContain('#1 Q projection + RoPE');
    expect(details).toContain(`matmul: ${SMALL.fused.kernels[1].label}`);
    // kernel 1 keeps the Q projection, both RoPE products and rot_pairs on chip: 4 values of 8×12×8 or 12×64 bf16
    expect(details).toMatch(/Kept on chip: matmul 12×64 \(1\.5 KiB\), mul 8×12×8 \(1\.5 KiB\), rot_pairs 8×12×8 \(1\.5 KiB\), mul 8×12×8 \(1\.5 KiB\) — 6 KiB/);
    expect(await page.locator('.graph-svg g.node.hl').count()).toBe(SMALL.fused.kernels[1].nodes.length);
    expect(await page.locator('#panel-kernels circle.kpt.sel').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the sweep moves T and finds where a kernel crosses its ridge (the crossing checked on the native CLI)', async () => {
    const { page, errors } = await open('#d=4096&H=32&G=8&dh=128&f=14336&theta=500000&mode=prefill&T=2048&L=1');
    await page.evaluate(() => {
      const r = document.querySelector('[data-testid=roofline-sweep]');
      r.value = String(r.max);
      r.dispatchEvent(new Event('input'));
    });
    await page.waitForFunction(() => /first crosses its ridge at T = \d+/.test(document.querySelector('[data-testid=sweep-said]').textContent), null, { timeout: 60000 });
    const said = await page.locator('[data-testid=sweep-said]').textContent();
    const first = Number(/first crosses its ridge at T = (\d+)/.exec(said)[1]);
    const cfg = await page.evaluate(() => window.__graphlab.state().cfg);
    const bounds = (T) => { const r = cli({ ...cfg, T }); return r.fused.kernels.map((k) => expectedOf(k, r.device).bound); };
    const at = bounds(first), before = bounds(first - 1);
    expect(at.filter((b) => b === 'compute-bound').length).toBeGreaterThan(0);
    expect(before.filter((b) => b === 'compute-bound')).toEqual([]);
    expect(said).toMatch(/2 never do/);                   // the two RMSNorms stay memory-bound
    expect(await page.locator('#panel-kernels circle.kghost').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('memory: ticks are round numbers in one binary unit; the live-bytes peak is the lower bound; blocks say what they hold', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('End');                      // the last stage: the fused kernels are on the graph
    await page.waitForFunction(() => document.querySelector('.graph-svg')?.getAttribute('data-animating') === '0', null, { timeout: 45000 });
    const axes = await page.$$eval('#panel-memory [data-testid=memory-y-axis]', (gs) => gs.map((g) => ({
      unit: g.getAttribute('data-unit'), ticks: [...g.querySelectorAll('.tick text')].map((t) => t.textContent),
    })));
    const titles = await page.$$eval('#panel-memory [data-testid=memory-y-title]', (ts) => ts.map((t) => t.textContent));
    expect(axes).toHaveLength(2);
    for (const [j, a] of axes.entries()) {
      expect(titles[j]).toBe(`offset in the buffer (${a.unit})`);
      const v = a.ticks.map(Number);
      expect(a.ticks.every((t) => /^\d+$/.test(t))).toBe(true);     // no unit, no decimals in a tick
      const step = v[1] - v[0];
      expect(Number.isInteger(Math.log2(step))).toBe(true);         // 1, 2, 4, 8 … of the unit
      v.forEach((x, i) => expect(x).toBe(i * step));
    }
    // the small layer: naive 17.25 KiB and greedy 9 KiB (the reference's plans) → KiB axes
    expect(SMALL.memory.naive).toBe(17664);
    expect(axes.map((a) => a.unit)).toEqual(['KiB', 'KiB']);
    const peaks = await page.$$eval('#panel-memory [data-testid=live-curve]', (ps) => ps.map((p) => Number(p.getAttribute('data-peak'))));
    expect(peaks).toEqual([SMALL.memory.lower_bound, SMALL.memory.lower_bound]);
    expect(await page.locator('#panel-memory [data-testid=memory-block]').count()).toBe(2 * SMALL.memory.lifetimes.length);
    // the first lifetime: %18, the first RMSNorm's output (12×64 bf16), written by kernel 0, last read by kernel 3
    const [bytes, s, e, nid] = SMALL.memory.lifetimes[0];
    const last = SMALL.graphs[Object.keys(SMALL.graphs).pop()].nodes.find((n) => n[0] === nid);
    await page.hover(`#panel-memory rect[data-nid="${nid}"] >> nth=1`, { force: true });
    const tip = await page.locator('#panel-memory .tooltip').textContent();
    expect(tip).toContain(`%${nid} ${last[1]} ${last[4].join('×')}: ${formatBytes(bytes)}`);
    expect([s, e]).toEqual([0, 3]);
    expect(tip).toContain('written by #0 attention RMSNorm');
    expect(tip).toContain('last read by #3 V projection');
    expect(tip).toContain(`offset ${formatBytes(SMALL.memory.greedy_offsets[String(nid)])}`);
    expect(await page.locator('.graph-svg g.node.hl').count()).toBe(SMALL.fused.kernels[0].nodes.length);   // its kernel, on the graph
    // the greedy replay: the largest block goes first, to the core's offset
    await page.click('[data-testid=mem-step-first]');
    await page.click('[data-testid=mem-step-next]');
    const order = SMALL.memory.lifetimes.map((l, j) => j).sort((a, b) => SMALL.memory.lifetimes[b][0] - SMALL.memory.lifetimes[a][0]);
    const big = SMALL.memory.lifetimes[order[0]];
    const said = await page.locator('[data-testid=mem-step-said]').textContent();
    expect(said).toMatch(new RegExp(`^1 of ${SMALL.memory.lifetimes.length}: %${big[3]} `));
    expect(said).toContain(`goes to offset ${formatBytes(SMALL.memory.greedy_offsets[String(big[3])])}`);
    expect(await page.locator('#panel-memory rect.lt.unplaced').count()).toBe(SMALL.memory.lifetimes.length - 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  // (in presentation, 16 px: tests/e2e/present.test.js measures every text of its overlays)
  it('chart text is at least 12 px at 1280×720', async () => {
    const { page, errors } = await open('#panels=config.graph.kernels.memory', { width: 1280, height: 720 });
    await page.waitForFunction(() => document.querySelectorAll('#panel-memory .mem-svg').length === 2, null, { timeout: 30000 });
    const sizes = await page.$$eval('#panel-kernels svg text, #panel-memory svg text', (ts) => ts.map((t) => {
      const svg = t.ownerSVGElement;
      const vb = svg.viewBox.baseVal;
      const scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
      return { text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale, h: t.getBoundingClientRect().height };
    }));
    expect(sizes.length).toBeGreaterThan(60);
    for (const s of sizes.filter((x) => x.text.trim())) {
      // (a chart drawn at its box's width rounds to whole pixels: 12 px text may render at 11.998)
      expect(s.px, s.text).toBeGreaterThanOrEqual(12 - 0.05);
      expect(s.h, s.text).toBeGreaterThanOrEqual(12);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
