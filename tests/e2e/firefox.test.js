// Smoke test of the lab in Firefox: Debian's firefox-esr (/usr/bin/firefox-esr, headless), driven by
// puppeteer-core over WebDriver BiDi — never downloading a browser (PUPPETEER_SKIP_DOWNLOAD; tools/ensure-deps.sh
// installs the Debian package). Load, step through every pass (the node counts of the reference's fixture),
// a numeric run (every stage agrees with the trace), the dynamic panel, a help page, and no console errors; the times shown
// are at Firefox's clock resolution (whole ms), not "0.00 ms".
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIREFOX = '/usr/bin/firefox-esr';
const DEMOS = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'golden', 'demos', 'demos.json'), 'utf8'));
const SMALL = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'small_prefill.json'), 'utf8'));

describe('browser lab in Firefox ESR (e2e smoke, puppeteer-core + WebDriver BiDi)', () => {
  let browser, server, page;
  const errors = [];

  beforeAll(async () => {
    if (!fs.existsSync(FIREFOX)) throw new Error(`${FIREFOX} is missing: run make deps (apt-get install firefox-esr); the e2e suites never skip`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    const { default: puppeteer } = await import('puppeteer-core');
    browser = await puppeteer.launch({ browser: 'firefox', protocol: 'webDriverBiDi', executablePath: FIREFOX, headless: true });
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 720 });
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${server.url}#panels=config.graph.kernels.memory.numerics.dynamic&fold=off`);
    try {
      await page.waitForFunction(() => document.body.classList.contains('ready'), { timeout: 120000 });
    } catch (err) {
      // say what the page showed instead of only "timeout"
      const seen = await page.evaluate(() => `status "${document.getElementById('status')?.textContent}", notice "${document.getElementById('notice-text')?.textContent}"`).catch(() => '?');
      throw new Error(`Firefox: the lab did not become ready (${seen}; console: ${errors.join(' | ') || 'nothing'}): ${err.message}`);
    }
  });

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  /** The graph once it has settled: stage, its name, the nodes drawn. */
  async function graph() {
    await page.waitForFunction(() => {
      const s = document.querySelector('.graph-svg');
      return s && s.getAttribute('data-animating') === '0' && s.getAttribute('data-laying-out') !== '1' && document.querySelectorAll('.graph-svg g.node').length > 0;
    }, { timeout: 60000 });
    return page.evaluate(() => {
      const svg = document.querySelector('.graph-svg');
      return { stage: Number(svg.getAttribute('data-stage')), name: svg.getAttribute('data-stage-name'), drawn: document.querySelectorAll('.graph-svg g.node').length };
    });
  }

  it('loads the default layer and draws every pass with the reference\'s node counts', async () => {
    const passes = SMALL.passes;
    let g = await graph();
    expect(g).toEqual({ stage: 0, name: 'trace', drawn: passes[0].nodes });
    for (let i = 1; i < passes.length; i++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction((n) => document.querySelector('.graph-svg')?.getAttribute('data-stage') === String(n), { timeout: 30000 }, i);
      g = await graph();
      expect(g, passes[i].name).toEqual({ stage: i, name: passes[i].name, drawn: passes[i].nodes });
    }
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('.graph-svg')?.getAttribute('data-stage') === '0', { timeout: 30000 });
    expect(await page.evaluate(() => document.querySelector('[data-testid=kernel-totals]') !== null)).toBe(true);
    expect(await page.evaluate(() => document.querySelector('[data-testid=memory-totals]') !== null)).toBe(true);
  });

  it('times are shown at the clock\'s resolution, never "0.00 ms"', async () => {
    const text = await page.evaluate(() => document.querySelector('.config-summary').textContent);
    // "< 2 ms" when the clock steps by 2 ms (a loaded machine's jitter), never a finer figure
    expect(text).toMatch(/^analysis in (< \d+ ms|\d+ ms)/);
  });

  it('runs numerics in the worker: every stage agrees with the trace', async () => {
    await page.waitForSelector('[data-testid=numerics-table]', { timeout: 120000 });
    const rows = await page.evaluate(() => [...document.querySelectorAll('[data-testid=numerics-table] tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows.map((r) => r[0])).toEqual(SMALL.passes.map((p) => p.name));
    for (const r of rows.slice(1)) {
      for (const cell of r.slice(1)) {
        const v = cell.startsWith('0 ') ? 0 : Number(cell);
        expect(Number.isFinite(v), `${r[0]}: ${cell}`).toBe(true);
        expect(v, `${r[0]}: ${cell}`).toBeLessThan(1e-9);
      }
    }
    const status = await page.evaluate(() => document.querySelector('[data-testid=numerics-status]').textContent);
    expect(status).toMatch(/^done: /);
    expect(status).not.toMatch(/0\.00 ms/);
  });

  it('the dynamic panel draws each front end\'s traced graphs and its guards in words', async () => {
    await page.waitForSelector('[data-testid=dyn-branch] table [data-testid=dyn-mini] svg', { timeout: 60000 });
    const got = await page.evaluate(() => ({
      minis: document.querySelectorAll('[data-testid=dyn-branch] [data-testid=dyn-mini]').length,
      text: document.querySelector('[data-testid=dyn-branch] table').textContent,
      timeline: document.querySelectorAll('[data-testid=dyn-dynamic] .tl-row').length,
    }));
    // as many as the reference traced per front end, at most two drawn each (tests/golden/demos/demos.json)
    const b = DEMOS.branch[0];
    expect(got.minis).toBe(['error', 'specialize', 'guard', 'lazy'].reduce((n, f) => n + Math.min(2, b[f].graphs.length), 0));
    expect(got.text).toContain('(x·2).sum() > 0 was True at trace time');
    expect(got.timeline).toBe(3);
  });

  it('a help page opens and closes', async () => {
    await page.click('[data-testid=help-graph]');
    await page.waitForSelector('[data-testid=help-body][data-page=graph] h1', { timeout: 30000 });
    expect(await page.evaluate(() => document.querySelector('[data-testid=help-dialog]').open)).toBe(true);
    await page.click('.help-close');
    await page.waitForFunction(() => !document.querySelector('[data-testid=help-dialog]').open, { timeout: 10000 });
  });

  it('no console errors', () => {
    expect(errors).toEqual([]);
  });
});
