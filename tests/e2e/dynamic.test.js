// The dynamic-shapes panel in the browser (Debian's Chromium, playwright-core): each front end's column shows
// the graphs it traced (as many as the reference traced: tests/golden/demos/demos.json), drawn with text of at
// least 12 px at 1280×720 (presentation's 16 px: present.test.js), its guards in words, and hover descriptions from the glossary.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const DEMOS = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'golden', 'demos', 'demos.json'), 'utf8'));
const FRONTENDS = ['error', 'specialize', 'guard', 'lazy'];

describe('dynamic-shapes panel (e2e, Chromium)', () => {
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

  it('traced graphs per front end, guards in words, readable text, hover help', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${server.url}#panels=dynamic`);
    await page.waitForFunction(() => document.body.classList.contains('ready') && document.querySelector('[data-testid=dyn-branch] table'), null, { timeout: 120000 });
    const got = await page.evaluate((fronts) => {
      const t = document.querySelector('[data-testid=dyn-branch] table');
      const heads = [...t.querySelectorAll('thead th')].slice(1).map((th) => th.textContent);
      const row = (label) => [...t.querySelectorAll('tbody tr')].find((tr) => tr.firstChild.textContent === label);
      const cells = (label) => [...row(label).children].slice(1);
      return {
        heads,
        titles: [...t.querySelectorAll('thead th')].slice(1).map((th) => th.getAttribute('title') || ''),
        described: [...t.querySelectorAll('thead th')].slice(1).every((th) => document.getElementById(th.getAttribute('aria-describedby'))),
        minis: cells('traced graphs').map((c) => c.querySelectorAll('[data-testid=dyn-mini]').length),
        more: cells('traced graphs').map((c) => (/… (\d+) more/.exec(c.textContent) || [null, '0'])[1]),
        guards: cells('guards recorded').map((c) => c.textContent),
        raw: t.textContent.includes('"kind"'),
        fontPx: Math.min(...[...t.querySelectorAll('.dyn-mini text, .dyn-mini figcaption')].map((e) => parseFloat(getComputedStyle(e).fontSize))),
        rendered: Math.min(...[...t.querySelectorAll('.dyn-mini-svg')].map((s) => s.getBoundingClientRect().width / s.viewBox.baseVal.width)),
        fronts,
      };
    }, FRONTENDS);
    expect(got.heads).toEqual(FRONTENDS);
    for (const tt of got.titles) expect(tt).toMatch(/^(error|specialize|guard|lazy): .{20,}/);
    expect(got.described).toBe(true);
    // as many graphs as the reference traced (at most two drawn, the rest counted)
    const traced = FRONTENDS.map((f) => DEMOS.branch[0][f].graphs.length);
    expect(got.minis).toEqual(traced.map((n) => Math.min(n, 2)));
    expect(got.more.map(Number)).toEqual(traced.map((n) => Math.max(0, n - 2)));
    expect(got.guards[2]).toBe('graph 1: (x·2).sum() > 0 was True at trace timegraph 2: (x·2).sum() > 0 was False at trace time');
    expect(got.raw).toBe(false);
    // chart text ≥ 12 px as rendered (font size × the svg's scale)
    expect(got.fontPx).toBeGreaterThanOrEqual(12);
    expect(got.rendered).toBeGreaterThanOrEqual(1);
    // the long list of lengths ends with "… N more", counted from the strategy's own answer
    const cache = await page.evaluate(() => [...document.querySelectorAll('[data-testid=dyn-dynamic] tbody tr')].find((tr) => tr.firstChild.textContent === 'graphs in the cache').children[1].textContent);
    expect(cache).toBe('40: lengths 100, 101, 102, 103, 104, 105, … 34 more');
    expect(errors).toEqual([]);
    await page.close();
  });
});
