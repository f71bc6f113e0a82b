// select.test.js — the lab's one selection in headless Chromium (issue 15): clicking a node in the graph
// selects its IR line, its fused kernel's bar and its buffer's blocks (aria-selected="true"), the details
// card shows its op and shape; stepping to the next pass keeps it (renumbered), or the card says which pass
// removed it and into what; the URL carries it (sel=) and a reload restores it; ↑/↓ in the IR move it; Esc
// clears it everywhere.
// Expected values are the native CLI's (build/graphlab case on the default case, small_prefill's config),
// hand-written: trace %45 = add [12×64] is kept through every pass (stage 1: %39, last stage: %43), in fused
// kernel #5 (nodes 42, 43, 44), with the buffer of node 43; trace %39 softmax is replaced by match_attention's
// %34 flash_attn; decompose's %34 const is merged by cse into %28.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
// every node a box of its own (fold=off): the test clicks nodes a folded block would stand for
const HASH = '#stage=0&panels=graph.kernels.memory.ir&fold=off';

describe('one selection across the views (e2e, Chromium)', () => {
  let browser, server;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run make deps; the e2e suites never skip`);
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

  async function ready(page, errors) {
    try {
      await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 90000 });
    } catch (err) {
      const notice = await page.evaluate(() => document.getElementById('notice-text')?.textContent).catch(() => '?');
      throw new Error(`the lab never got ready (notice: ${notice}; errors: ${errors.join(' | ')})`);
    }
  }
  async function open(hash) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${server.url}${hash}`);
    await ready(page, errors);
    return { page, errors };
  }
  const stageIs = (page, s) => page.waitForFunction((i) => document.querySelector('[data-testid=ir-head]').textContent.startsWith(`Stage ${i}:`), s);
  /** What is marked selected, in each view. */
  const marked = (page) => page.evaluate(() => {
    const sel = (q) => [...document.querySelectorAll(`${q}[aria-selected="true"]`)];
    const card = document.querySelector('[data-testid=details]');
    const txt = (t) => card.querySelector(`[data-testid=${t}]`)?.textContent ?? null;
    return {
      graph: sel('g.node').map((g) => Number(g.dataset.nodeId)),
      ir: sel('[data-testid=ir-text] .ln').map((l) => Number(l.dataset.nodeId)),
      bars: sel('[data-testid=kernel-bar]').map((b) => b.parentNode.querySelector('.klabel').textContent.split(' ')[0]),
      blocks: sel('[data-testid=memory-block]').map((b) => Number(b.dataset.nid)),
      card: card.hidden ? null : { op: txt('details-op'), shape: txt('details-shape'), removed: card.querySelector('[data-testid=details-removed]').hidden ? null : txt('details-removed') },
      hash: location.hash,
    };
  });

  it('a graph click selects the node everywhere; stepping keeps it; the URL and a reload keep it; ↑/↓ and Esc', async () => {
    const { page, errors } = await open(HASH);
    await stageIs(page, 0);
    await page.locator('[data-testid=graph] g.node[data-node-id="45"]').first().click();
    await page.waitForFunction(() => !document.querySelector('[data-testid=details]').hidden);
    let m = await marked(page);
    expect(m.graph).toEqual([45]);
    expect(m.ir).toEqual([45]);
    expect(m.bars).toEqual(['#5']);
    expect(m.blocks).toEqual([43, 43]);        // the naive and the greedy plan
    expect(m.card).toEqual({ op: 'add', shape: '12×64', removed: null });
    await page.waitForFunction(() => location.hash.includes('sel=n45'));

    // the next pass (match_attention) renumbers it %39
    await page.locator('body').press('ArrowRight');
    await stageIs(page, 1);
    m = await marked(page);
    expect(m.ir).toEqual([39]);
    expect(m.graph).toEqual([39]);
    expect(m.bars).toEqual(['#5']);
    expect(m.card).toEqual({ op: 'add', shape: '12×64', removed: null });

    // a reload restores it from the URL
    await page.waitForFunction(() => location.hash.includes('stage=1') && location.hash.includes('sel=n45'));
    await page.reload();
    await ready(page, errors);
    await stageIs(page, 1);
    m = await marked(page);
    expect(m.ir).toEqual([39]);
    expect(m.blocks).toEqual([43, 43]);
    expect(m.card.op).toBe('add');

    // ↓ in the IR: the next line's node (stage 1 %40 = rms_norm)
    await page.locator('[data-testid=ir-text]').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => location.hash.includes('sel=n46'));
    m = await marked(page);
    expect(m.ir).toEqual([40]);
    expect(m.card.op).toBe('rms_norm');

    // Esc clears it everywhere
    await page.locator('body').click({ position: { x: 2, y: 2 } });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !location.hash.includes('sel='));
    m = await marked(page);
    expect(m).toMatchObject({ graph: [], ir: [], bars: [], blocks: [], card: null });
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);

  it('a node a pass removes: the card says by which pass and into what', async () => {
    const { page, errors } = await open(HASH);
    await stageIs(page, 0);
    // trace %39 softmax: match_attention replaces it
    await page.locator('[data-testid=graph] g.node[data-node-id="39"]').first().click();
    await page.waitForFunction(() => location.hash.includes('sel=n39'));
    expect((await marked(page)).card).toEqual({ op: 'softmax', shape: '2×48×12', removed: null });
    await page.locator('body').press('ArrowRight');
    await stageIs(page, 1);
    let m = await marked(page);
    expect(m.ir).toEqual([]);
    expect(m.card.removed).toBe('removed by match_attention: replaced by %34 (flash_attn)');

    // decompose's %34 (a RoPE table const, shown as a chip in the graph): selected by its IR line; cse merges it
    await page.locator('body').press('ArrowRight');
    await stageIs(page, 2);
    await page.locator('[data-testid=ir-text] .ln[data-node-id="34"]').click();
    await page.waitForFunction(() => location.hash.includes('sel=n26'));
    expect((await marked(page)).ir).toEqual([34]);
    await page.locator('body').press('ArrowRight');
    await stageIs(page, 3);
    m = await marked(page);
    expect(m.ir).toEqual([]);
    expect(m.card.removed).toBe('removed by cse: merged into %28');
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);

  it('a code line, a kernel bar and a memory block select their node', async () => {
    const { page, errors } = await open('#stage=6&panels=ir.code');
    await stageIs(page, 6);
    await page.waitForSelector('[data-testid=code-text] .ln[data-node-id="43"]');
    await page.locator('[data-testid=code-text] .ln[data-node-id="43"]').first().click();
    await page.waitForFunction(() => location.hash.includes('sel=n45'));   // last-stage %43 is trace %45
    const got = await page.evaluate(() => ({
      ir: [...document.querySelectorAll('[data-testid=ir-text] .ln[aria-selected="true"]')].map((l) => Number(l.dataset.nodeId)),
      code: [...document.querySelectorAll('[data-testid=code-text] .ln[aria-selected="true"]')].map((l) => Number(l.dataset.nodeId)),
      op: document.querySelector('[data-testid=details-op]').textContent,
    }));
    expect(got.ir).toEqual([43]);
    expect(got.code.length).toBeGreaterThan(0);
    expect(new Set(got.code)).toEqual(new Set([43]));
    expect(got.op).toBe('add');

    // a kernel bar selects the kernel's output node: #5's last node is last-stage %44, the x² mul decompose made
    await page.locator('#show-kernels').check();
    await page.locator('#show-memory').check();
    await page.locator('[data-testid=kernel-bar]').nth(5).click();
    await page.waitForFunction(() => location.hash.includes('sel=s2n48'));
    expect(await page.evaluate(() => document.querySelector('[data-testid=details-op]').textContent)).toBe('mul');
    // a memory block selects the node whose buffer it is (nid 43: trace %45)
    await page.locator('[data-testid=memory-block][data-nid="43"]').first().click();
    await page.waitForFunction(() => location.hash.includes('sel=n45'));
    expect(await page.evaluate(() => [...document.querySelectorAll('[data-testid=ir-text] .ln[aria-selected="true"]')].map((l) => Number(l.dataset.nodeId)))).toEqual([43]);
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);
});
