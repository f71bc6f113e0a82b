// End-to-end test of the browser lab: Debian's Chromium (/usr/bin/chromium, headless) driven by
// playwright-core against the real WASM module, served by tools/serve.mjs on a free loopback port.
// Never downloads a browser; fails (saying so) when /usr/bin/chromium is missing.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);

// What the page must draw comes from outside the page: the reference's fixture for the default (small)
// layer, and the native CLI for any other configuration a test moves to.
const SMALL = JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', 'small_prefill.json'), 'utf8'));
const NATIVE = path.join(REPO, 'build', 'graphlab');

/** [{name, nodes}] per stage of a shape-only case for this lab config, computed by the native CLI. */
function cliPasses(cfg) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const config = { ...cfg, masked: cfg.mode === 'masked', mode: cfg.mode === 'masked' ? 'decode' : cfg.mode };
  if (config.mode === 'prefill') config.S = null; else { config.T = null; config.pos0 = 0; }
  const out = execSync(`${NATIVE} case - --compact`, { input: JSON.stringify({ case: 'e2e', config, elem_bytes: 2, device: 'h100' }) });
  return JSON.parse(out).passes.map((p) => ({ name: p.name, nodes: p.nodes }));
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

describe('browser lab (e2e, Chromium)', () => {
  let browser, server, chromium;

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`${CHROMIUM} is missing: run make deps (apt-get install chromium); the e2e suites never skip`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm')) || !fs.existsSync(path.join(REPO, 'public', 'graphlab-core.mjs'))) {
      execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    }
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    ({ chromium } = await import('playwright-core'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  });

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  /** Opens the page; returns {page, errors} (console errors and uncaught exceptions). */
  async function open(hash = '', url = null) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto((url || server.url) + hash);
    await page.waitForFunction(() => document.body.classList.contains('ready') || !document.getElementById('notice').hidden, null, { timeout: 90000 });
    return { page, errors };
  }

  const settled = (page) => page.waitForFunction(() => {
    const s = document.querySelector('.graph-svg');
    return s && s.getAttribute('data-animating') === '0';
  }, null, { timeout: 45000 });

  /** What the graph shows; expected = the node count of that stage in `passes` (default: the fixture's). */
  async function graphState(page, passes = SMALL.passes) {
    await settled(page);
    const g = await page.evaluate(() => {
      const svg = document.querySelector('.graph-svg');
      return {
        stage: Number(svg.getAttribute('data-stage')),
        stageName: svg.getAttribute('data-stage-name'),
        // a folded block (views/graph/blocks.js) stands for its members
        drawn: [...document.querySelectorAll('.graph-svg g.node')].reduce((n, e) => n + Number(e.getAttribute('data-members') || 1), 0),
        boxes: document.querySelectorAll('.graph-svg g.node').length,
        hash: location.hash,
      };
    });
    return { ...g, expected: passes[g.stage].nodes, passes: passes.map((p) => ({ name: p.name, nodes: p.nodes })) };
  }

  it('renders the small preset with as many nodes as the result has, without console errors', async () => {
    const { page, errors } = await open();
    await page.selectOption('#cfg-preset', 'small');
    await page.waitForFunction(() => window.__graphlab.state().cfg.layers === window.__graphlab.result().config.layers);
    const cfg = await page.evaluate(() => window.__graphlab.state().cfg);
    expect(cfg).toMatchObject({ d: 64, H: 8, G: 2, dh: 8, f: 128, layers: 1 });   // the preset (graphlab presets), one layer
    const g = await graphState(page, cliPasses(cfg));
    expect(g.stage).toBe(0);
    expect(g.stageName).toBe('trace');
    expect(g.drawn).toBeGreaterThan(10);
    expect(g.drawn).toBe(g.expected);
    // the other panels drew too
    expect(await page.locator('[data-testid=kernel-totals]').count()).toBe(1);
    expect(await page.locator('[data-testid=memory-totals]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stepping → moves to the next pass and draws its node count; ← goes back', async () => {
    const { page, errors } = await open();
    const g0 = await graphState(page);
    await page.keyboard.press('ArrowRight');
    const g1 = await graphState(page);
    expect(g1.stage).toBe(g0.stage + 1);
    expect(g1.stageName).toBe(g0.passes[1].name);
    expect(g1.drawn).toBe(g0.passes[1].nodes);
    expect(g1.hash).toMatch(/(^#|&)stage=1(&|$)/);
    await page.click('[data-testid=next]');
    const g2 = await graphState(page);
    expect(g2.stage).toBe(2);
    expect(g2.drawn).toBe(g0.passes[2].nodes);
    await page.keyboard.press('ArrowLeft');
    const g3 = await graphState(page);
    expect(g3.stage).toBe(1);
    expect(g3.drawn).toBe(g0.passes[1].nodes);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the kernel bars step with ↑/↓ from the keyboard: tooltip, spoken line and graph highlight, Esc clears', async () => {
    const { page, errors } = await open();
    await page.keyboard.press('End');                       // the last stage: fused kernels drawn on the graph
    await settled(page);
    const kernels = SMALL.fused.kernels.map((k) => `${k.kind}: ${k.label}`);
    const lastStage = await page.evaluate(() => window.__graphlab.state().stage);
    const tip = page.locator('#panel-kernels .tooltip');
    const said = page.locator('[data-testid=kernel-said]');
    await page.focus('#panel-kernels .kern-bars');
    await page.keyboard.press('ArrowDown');
    expect(await tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toContain(`#0 ${kernels[0].slice(0, 20)}`);
    expect(await said.textContent()).toMatch(/^#0 /);
    expect(await page.locator('#panel-kernels g.krow.ksel').count()).toBe(1);
    expect(await page.locator('.graph-svg g.node.hl').count()).toBeGreaterThan(0);
    await page.keyboard.press('ArrowDown');
    expect(await said.textContent()).toMatch(/^#1 /);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');                   // stays on the first row
    expect(await said.textContent()).toMatch(/^#0 /);
    expect(await page.evaluate(() => window.__graphlab.state().stage)).toBe(lastStage);   // no pass stepping
    await page.keyboard.press('Escape');
    expect(await tip.isHidden()).toBe(true);
    expect(await said.textContent()).toBe('');
    expect(await page.locator('#panel-kernels g.krow.ksel').count()).toBe(0);
    expect(await page.locator('.graph-svg g.node.hl').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an impossible config shows the core\'s message inline and the page keeps working', async () => {
    const { page, errors } = await open();
    const alert = page.locator('[data-testid=config-error]');
    expect(await alert.isHidden()).toBe(true);
    await page.fill('#cfg-G', '3');
    await alert.waitFor({ state: 'visible', timeout: 30000 });
    const text = await alert.textContent();
    expect(text).toMatch(/G/);
    expect(text).toMatch(/cannot be built/);
    await page.fill('#cfg-G', '2');
    await alert.waitFor({ state: 'hidden', timeout: 30000 });
    const g = await graphState(page);
    expect(g.drawn).toBe(g.expected);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a tampered hash: the bad key is dropped with a notice, the rest kept', async () => {
    const { page, errors } = await open('#d=64&H=8&evil=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E');
    const notice = page.locator('[data-testid=notice]');
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toMatch(/not valid/);
    expect(await page.locator('#notice img').count()).toBe(0);
    // the notice shows as soon as the hash is parsed; the lab may still be booting
    await page.waitForFunction(() => document.body.classList.contains('ready') && window.__graphlab, null, { timeout: 90000 });
    const st = await page.evaluate(() => window.__graphlab.state());
    expect(st.cfg.d).toBe(64);
    expect(page.url()).not.toContain('evil');
    const g = await graphState(page);
    expect(g.drawn).toBe(g.expected);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a script-carrying hash runs nothing: no dialog, no injected element, the notice is plain text', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    const dialogs = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
    const HOSTILE = [
      '#dev=%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E',
      '#%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E=1',
      '#mode=%3Csvg%20onload%3Dalert(1)%3E',
      '#d=64%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '#<img src=x onerror=alert(1)>=1',
      '#dev=javascript:alert(1)',
      '#d=64&p=cs.%3Ciframe%20src%3Djavascript%3Aalert(1)%3E',
    ];
    const check = async (hash) => {
      const notice = page.locator('[data-testid=notice]');
      await notice.waitFor({ state: 'visible', timeout: 30000 });
      const r = await page.evaluate(() => ({
        pwned: window.__pwned,
        text: document.getElementById('notice-text').textContent,
        noticeElements: document.getElementById('notice-text').childElementCount,
        scripts: [...document.querySelectorAll('script')].map((x) => x.getAttribute('src')).join(' '),
        embeds: document.querySelectorAll('img, iframe, object, embed, svg[onload]').length,
        handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
        d: window.__graphlab.state().cfg.d,
        url: location.href,
      }));
      expect(r.pwned, hash).toBeUndefined();
      expect(r.text, hash).toMatch(/not valid/);
      expect(r.noticeElements, hash).toBe(0);
      expect(r.scripts, hash).toBe('app/start.js app/app.js');   // only the page's own two
      expect(r.embeds, hash).toBe(0);
      expect(r.handlers, hash).toBe(0);
      expect(r.d, hash).toBe(64);
      expect(r.url, hash).not.toMatch(/pwned|alert|script|onerror|onload/i);
    };
    await page.goto(server.url + HOSTILE[0]);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 90000 });
    await check(HOSTILE[0]);
    for (const h of HOSTILE.slice(1)) {
      await page.evaluate(() => { document.getElementById('notice').hidden = true; });
      await page.evaluate((x) => { location.hash = x; }, h);                 // the hashchange path
      await check(h);
    }
    const g = await graphState(page);
    expect(g.drawn).toBe(g.expected);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);                            // a CSP violation would be a console error
    await page.close();
  });

  it('extreme but valid links: an overflow is the core\'s inline error, a huge shape-only config stays small', async () => {
    const { page, errors } = await open('#d=65536&H=4096&G=1&dh=4096&f=1048576&T=1048576&L=256', `${server.url}?test=1`);
    const alert = page.locator('[data-testid=config-error]');
    await alert.waitFor({ state: 'visible', timeout: 90000 });
    expect(await alert.textContent()).toMatch(/overflows 64 bits/);
    // T = 2^20 with dh = 128: the RoPE tables are shells (no 1 GiB of numbers), the WASM memory does not grow
    const before = await page.evaluate(() => window.__graphlabTest.heap());
    await page.evaluate(() => { location.hash = '#d=64&H=8&G=2&dh=128&f=128&T=1048576&panels=config.kernels.memory'; });
    await alert.waitFor({ state: 'hidden', timeout: 90000 });
    await page.waitForFunction(() => window.__graphlab.result() && window.__graphlab.result().config.T === 1048576, null, { timeout: 90000 });
    const heap = await page.evaluate(() => window.__graphlabTest.heap());
    expect(heap.memory).toBe(before.memory);
    expect(heap.inUse).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('restores the whole state from the hash (stage, panels, presentation from the old Instructor key)', async () => {
    // inst=1, the old Instructor mode's key, opens presentation (one mode for projecting, issue 33)
    const { page, errors } = await open('#mode=decode&S=16&stage=2&panels=config.graph.memory&inst=1');
    const g = await graphState(page);
    expect(g.stage).toBe(2);
    expect(await page.evaluate(() => document.body.classList.contains('present'))).toBe(true);
    await page.waitForFunction(() => /(^#|&)present=1(&|$)/.test(location.hash) && !/(^#|&)inst=/.test(location.hash), null, { timeout: 5000 });
    // i (or p) leaves it, back to the link's panels
    await page.keyboard.press('i');
    await page.waitForFunction(() => !document.body.classList.contains('present'), null, { timeout: 5000 });
    expect(await page.locator('#panel-kernels').isHidden()).toBe(true);
    expect(await page.locator('#panel-memory').isVisible()).toBe(true);
    // the hash is written at most every 100 ms during bursts (a trailing write follows): wait for it
    await page.waitForFunction(() => location.hash.includes('present=0'), null, { timeout: 5000 });
    expect(page.url()).toContain('present=0');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('runs numerics in the worker and shows every stage\'s error', async () => {
    const { page, errors } = await open('#panels=config.numerics');
    const table = page.locator('[data-testid=numerics-table]');
    await table.waitFor({ state: 'visible', timeout: 90000 });
    const rows = await table.locator('tbody tr').count();
    expect(rows).toBe(SMALL.passes.length);
    // a Llama-sized layer is refused with a reason
    await page.selectOption('#cfg-preset', 'llama3-8b');
    await page.locator('.num-refuse').waitFor({ state: 'visible' });
    expect(await page.locator('.num-refuse').textContent()).toMatch(/^Not run: .*over the core's run budget/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('dist/graphlab.html works from file://', async () => {
    const { buildDist } = await import('../../tools/build-web.mjs');
    const out = await buildDist();
    const { page, errors } = await open('', pathToFileURL(out).href);
    const g = await graphState(page);
    expect(g.drawn).toBe(g.expected);
    await page.keyboard.press('ArrowRight');
    const g1 = await graphState(page);
    expect(g1.stage).toBe(1);
    expect(g1.drawn).toBe(g.passes[1].nodes);
    expect(errors).toEqual([]);
    await page.close();
  });
});
