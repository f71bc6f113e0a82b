// Links and presets in the browser (Debian's Chromium, playwright-core): a link with one bad key keeps the
// others and names the dropped one; "copy link" copies this exact view, in or out of presentation; a
// preset opens one layer at a typical length with the whole stack one click away; the core's error is shown
// next to the field it names. Expected shapes come from the native CLI (graphlab presets, graphlab case).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseHash, caseFromState } from '../../web/state.js';
import { EXAMPLES } from '../../web/program-examples.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const NATIVE = path.join(REPO, 'build', 'graphlab');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-links-'));
/** The native CLI's per-stage node counts and fused kernel count for a case object. */
function cliCounts(caseObj) {
  const file = path.join(TMP, 'case.json');
  fs.writeFileSync(file, JSON.stringify(caseObj));
  const out = JSON.parse(execFileSync(NATIVE, ['case', file, '--compact'], { maxBuffer: 1 << 28 }).toString());
  return { nodes: out.passes.map((p) => p.nodes), kernels: out.fused.kernels.length, config: out.config };
}
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

describe('links, presets and field errors (e2e, Chromium)', () => {
  let browser, server, context;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run make deps; the e2e suites never skip`);
    if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    context = await browser.newContext({ viewport: { width: 1280, height: 720 }, permissions: ['clipboard-read', 'clipboard-write'] });
  });

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  async function open(hash) {
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(server.url + hash);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    return { page, errors };
  }
  const result = (page) => page.evaluate(() => window.__graphlab.result().config);

  it('a link with one bad key keeps the others and names the one it dropped', async () => {
    const { page, errors } = await open('#d=128&H=4&G=2&dh=16&bogus=%3Cb%3Ex%3C%2Fb%3E&mode=decode&S=40&panels=config.graph');
    const notice = page.locator('[data-testid=notice]');
    await notice.waitFor({ state: 'visible' });
    expect(await notice.textContent()).toBe('The link\'s settings were not valid (unknown key "bogus"), so the lab dropped that key and kept the rest.');
    expect(await page.locator('#notice-text *').count()).toBe(0);
    const cfg = await result(page);
    expect(cfg).toMatchObject({ d: 128, H: 4, G: 2, dh: 16, mode: 'decode', S: 40 });
    // the URL is rewritten without the dropped key
    await page.waitForFunction(() => !location.hash.includes('bogus'));
    expect(page.url()).toMatch(/[#&]d=128&/);
    // and a bad value: only that key is dropped
    await page.evaluate(() => { location.hash = '#d=256&T=abc&L=2'; });
    await page.waitForFunction(() => window.__graphlab.result().config.d === 256, null, { timeout: 90000 });
    expect(await notice.textContent()).toMatch(/\(T=abc: not a whole number\), so the lab dropped that key/);
    expect(await result(page)).toMatchObject({ d: 256, T: 12, layers: 2 });
    // a device name this build does not know (valid syntax, so only the module can tell): the same
    const dev = await open('#d=192&dev=tpu9&L=1');
    await dev.page.waitForFunction(() => window.__graphlab.result()?.config.d === 192, null, { timeout: 90000 });
    expect(await dev.page.locator('[data-testid=notice]').textContent()).toBe('The link asked for a device "tpu9" this build does not know, so the lab dropped that key and kept the rest.');
    expect(await dev.page.evaluate(() => window.__graphlab.state().dev)).toBe('h100');
    // and through an edited URL (the hashchange path)
    await dev.page.evaluate(() => { document.getElementById('notice').hidden = true; location.hash = '#d=160&dev=npu3'; });
    await dev.page.waitForFunction(() => window.__graphlab.result()?.config.d === 160, null, { timeout: 90000 });
    expect(await dev.page.locator('[data-testid=notice]').textContent()).toMatch(/device "npu3" this build does not know, so the lab dropped that key/);
    expect(await dev.page.evaluate(() => window.__graphlab.state().dev)).toBe('h100');
    expect(dev.errors).toEqual([]);
    await dev.page.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  // (the checkbox keeps its old hook, copy-link-inst: it now writes presentation, present=1)
  it('"copy link" copies this view, in or out of presentation', async () => {
    const { page, errors } = await open('#d=96&H=4&G=4&dh=8&stage=2&panels=config.graph.memory');
    for (const inst of [false, true]) {
      await page.locator('[data-testid=copy-link-inst]').setChecked(inst);
      await page.click('[data-testid=copy-link]');
      await page.waitForFunction(() => /copied/.test(document.querySelector('[data-testid=copy-link-status]').textContent));
      const url = await page.evaluate(() => navigator.clipboard.readText());
      // the copied link opens the same view in a fresh page
      const other = await context.newPage();
      await other.goto(url);
      await other.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
      const st = await other.evaluate(() => window.__graphlab.state());
      expect(st.cfg).toMatchObject({ d: 96, H: 4, G: 4, dh: 8 });
      expect(st.stage).toBe(2);
      expect(st.panels).toEqual(['config', 'graph', 'memory']);
      expect(st.present).toBe(inst);
      expect(await other.evaluate(() => document.body.classList.contains('present'))).toBe(inst);
      expect(await other.locator('[data-testid=notice]').isHidden()).toBe(true);
      await other.close();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the Llama-3-8B preset opens one layer at T = 2048; "whole model" stacks all of them', async () => {
    const presets = JSON.parse(execFileSync(NATIVE, ['presets']).toString()).models;
    const l8 = presets.find((m) => m.name === 'llama3-8b');
    const { page, errors } = await open('#panels=config.graph');
    await page.selectOption('#cfg-preset', 'llama3-8b');
    await page.waitForFunction(() => window.__graphlab.result().config.d === 4096, null, { timeout: 90000 });
    expect(await result(page)).toMatchObject({ d: l8.d, H: l8.H, G: l8.G, dh: l8.dh, f: l8.f, T: 2048, layers: 1, mode: 'prefill' });
    const whole = page.locator('[data-testid=whole-model]');
    expect(await page.locator('label[for=cfg-whole]').textContent()).toContain(`whole model (${l8.layers} layers)`);
    expect(await whole.isChecked()).toBe(false);
    await whole.check();
    await page.waitForFunction((n) => window.__graphlab.result().config.layers === n, l8.layers, { timeout: 120000 });
    expect(await whole.isChecked()).toBe(true);
    await whole.uncheck();
    await page.waitForFunction(() => window.__graphlab.result().config.layers === 1, null, { timeout: 120000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an impossible config: the core\'s message, in words, next to the field that causes it', async () => {
    const { page, errors } = await open('#panels=config.graph');
    await page.fill('#cfg-G', '3');
    const at = page.locator('[data-testid=field-error]');
    await at.waitFor({ state: 'visible', timeout: 30000 });
    expect(await at.getAttribute('data-field')).toBe('G');
    expect(await at.textContent()).toBe('H (8) must be divisible by G (3)');
    // it sits in the G field's row, under its input
    expect(await page.locator('[data-field=G] [data-testid=field-error]').count()).toBe(1);
    expect(await page.locator('#cfg-G').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-testid=config-error]').textContent()).not.toMatch(/GL_E_|\(\d+\)$|config\./);
    // changing H instead moves it to H
    await page.fill('#cfg-H', '10');
    await page.waitForFunction(() => document.querySelector('[data-testid=field-error]')?.getAttribute('data-field') === 'H', null, { timeout: 30000 });
    await page.fill('#cfg-H', '9');
    await page.waitForFunction(() => window.__graphlab.result().config.H === 9 && !document.querySelector('.core-msg'), null, { timeout: 30000 });
    expect(await page.locator('#cfg-G').getAttribute('aria-invalid')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the worker analyses the link while the page boots, and the page takes that result only for the same case', async () => {
    // the link's own configuration: the first result shown is the one made ahead (analysedEarly), and it is
    // what the native CLI gives for that case
    const link = '#d=128&H=4&G=2&dh=16&f=256&mode=prefill&T=40&L=3&eb=4&dev=a100&panels=config.graph.kernels';
    const want = cliCounts(caseFromState(parseHash(link).state));
    const { page, errors } = await open(link);
    // (unless the page asked before the worker had its module: then the worker answers that request, with no
    // analysis ahead to take, and the link's analysis leaves no gl-worker-link-start mark)
    const ahead = await page.evaluate(() => performance.getEntriesByName('gl-worker-link-start').length > 0);
    expect(await page.evaluate(() => window.__graphlab.analysedEarly())).toBe(ahead);
    const got = await page.evaluate(() => {
      const r = window.__graphlab.result();
      return { nodes: r.passes.map((p) => p.nodes), kernels: r.fused.kernels.length, config: r.config };
    });
    expect(got).toEqual(want);
    expect(errors).toEqual([]);
    await page.close();
    // a link without a program, in a tab that kept one (sessionStorage): the page analyses the program, so the
    // worker's guess from the link is not used
    const program = EXAMPLES[0].text;
    const p2 = await context.newPage();
    await p2.addInitScript((text) => sessionStorage.setItem('graphlab.prog', text), program);
    await p2.goto(server.url + '#L=1&panels=program.graph');
    await p2.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    expect(await p2.evaluate(() => window.__graphlab.analysedEarly())).toBe(false);
    const want2 = cliCounts({ case: 'e2e', program, elem_bytes: 2, device: 'h100' });
    expect(await p2.evaluate(() => window.__graphlab.result().passes.map((p) => p.nodes))).toEqual(want2.nodes);
    await p2.close();
  });

  it('the page\'s module is the worker\'s compiled one (the .wasm fetched once); a panel closed at load is hidden at once and draws when opened', async () => {
    const page = await context.newPage();
    const errors = [];
    const wasm = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    page.on('request', (r) => { if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(new URL(r.url()).pathname); });
    await page.goto(server.url + '#d=128&H=4&G=2&dh=16&f=256&mode=prefill&T=40&L=1&eb=4&dev=a100&panels=config.graph');
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    // the closed panels are hidden before the first result (the page's first layout is of the open ones)
    expect(await page.evaluate(() => ['ir', 'code', 'program', 'numerics', 'dynamic'].map((p) => document.getElementById(`panel-${p}`).hidden)))
      .toEqual([true, true, true, true, true]);
    // the IR panel's text is the page's own module's (lab.print)
    await page.check('#show-ir');
    await page.waitForFunction(() => document.querySelector('#panel-ir .panel-body').innerText.includes('matmul'), null, { timeout: 60000 });
    expect(wasm).toEqual(['/graphlab-core.wasm']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
