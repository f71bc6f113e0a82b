// The (?) of every panel opens its page of docs/panels/ (docs/panels/zh-CN/ with lang=zh) from the lab itself,
// in the served lab and in the single-file dist opened from file:// (Debian's Chromium, playwright-core). What
// each page must show comes from the .md files (title, images, links to other panels), not from the page; a
// CSP violation or a broken image is a console error or a zero-width image, and fails the test. A language
// switch with the dialog open redraws its page in the other language.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
// every panel the lab has, so a new panel without a help page fails here
import { PANELS } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];

/** What docs/panels/NAME.md (or zh-CN/NAME.md) says: its title, how many images, which other panels it links to. */
function expected(name, lang = 'en') {
  const src = fs.readFileSync(path.join(REPO, 'docs', 'panels', lang === 'zh' ? 'zh-CN' : '', `${name}.md`), 'utf8').replace(/```[\s\S]*?```/g, '');
  return {
    title: /^# (.*)$/m.exec(src)[1].replace(/\*\*|`/g, ''),
    images: [...src.matchAll(/!\[[^\]]*\]\(([^)]+\.png)\)/g)].length,
    links: [...new Set([...src.matchAll(/[^!]\[[^\]]*\]\(([a-z]+)\.md(#[^)]*)?\)/g)].map((m) => m[1]))].filter((p) => PANELS.includes(p)),
  };
}

describe('help pages (e2e, Chromium)', () => {
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

  async function checkEveryPanel(url, lang = 'en') {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${url}#panels=${PANELS.join('.')}&lang=${lang}`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    for (const name of PANELS) {
      const want = expected(name, lang);
      await page.click(`[data-testid=help-${name}]`);
      await page.waitForSelector(`[data-testid=help-body][data-page=${name}] h1`, { timeout: 30000 });
      const got = await page.evaluate(async () => {
        const body = document.querySelector('[data-testid=help-body]');
        const imgs = [...body.querySelectorAll('img')];
        await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
        return {
          open: document.querySelector('[data-testid=help-dialog]').open,
          title: body.querySelector('h1').textContent,
          images: imgs.map((i) => i.naturalWidth),
          links: [...new Set([...body.querySelectorAll('button.help-link')].map((b) => b.dataset.help))],
          markup: body.querySelectorAll('script, iframe, object, embed, [style]').length,
          handlers: [...body.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
        };
      });
      expect(got.open, name).toBe(true);
      expect(got.title, name).toBe(want.title);
      expect(got.images.length, name).toBe(want.images);
      for (const w of got.images) expect(w, `${name}: an image did not load`).toBeGreaterThan(100);
      expect(got.links.sort(), name).toEqual(want.links.sort());
      expect(got.markup + got.handlers, name).toBe(0);
      // a link to another panel's page opens it in the same dialog
      if (want.links.length) {
        const other = want.links[0];
        await page.click(`[data-testid=help-body] button.help-link[data-help=${other}]`);
        await page.waitForSelector(`[data-testid=help-body][data-page=${other}] h1`, { timeout: 30000 });
        expect(await page.textContent('[data-testid=help-body] h1')).toBe(expected(other, lang).title);
      }
      // Esc closes it, and the keys go to the stepper again
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid=help-dialog]').open);
    }
    expect(errors).toEqual([]);
    await page.close();
  }

  it('every panel\'s (?) opens its page, images included, in the served lab', async () => {
    await checkEveryPanel(server.url);
  });

  it('every panel\'s Chinese page (docs/panels/zh-CN/) with lang=zh, images and links included', async () => {
    await checkEveryPanel(server.url, 'zh');
  });

  it('and in dist/graphlab.html from file://', async () => {
    const { buildDist } = await import('../../tools/build-web.mjs');
    const out = await buildDist();
    await checkEveryPanel(pathToFileURL(out).href);
  });

  it('lang=zh shows a panel\'s Chinese page; the header\'s switch to English redraws it in English, the dialog open', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${server.url}#panels=graph.memory&lang=zh`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    const zh = expected('memory', 'zh');
    const en = expected('memory', 'en');
    expect(zh.title).toBe('内存规划：生存期与缓冲区复用');
    expect(await page.getAttribute('[data-testid=help-memory]', 'aria-label')).toBe('帮助：内存规划');
    await page.click('[data-testid=help-memory]');
    await page.waitForSelector('[data-testid=help-body][data-page=memory] h1', { timeout: 30000 });
    const shown = () => page.evaluate(async () => {
      const body = document.querySelector('[data-testid=help-body]');
      const imgs = [...body.querySelectorAll('img')];
      await Promise.all(imgs.map((i) => (i.complete ? null : new Promise((r) => { i.onload = r; i.onerror = r; }))));
      return { open: document.querySelector('[data-testid=help-dialog]').open, title: body.querySelector('h1').textContent,
        heading: document.querySelector('.help-title').textContent, lang: body.getAttribute('lang'),
        h2: body.querySelectorAll('h2').length, images: imgs.map((i) => i.naturalWidth) };
    });
    const before = await shown();
    expect(before).toMatchObject({ open: true, title: zh.title, heading: '帮助：内存规划', lang: 'zh-CN' });
    expect(before.images.length).toBe(zh.images);
    for (const w of before.images) expect(w).toBeGreaterThan(100);
    // the header's select sits behind the modal dialog: a reader closes the dialog first; the test sets it as
    // a script would, and the open dialog follows the language (html lang → help.js)
    await page.selectOption('[data-testid=lang-switch]', 'en', { force: true });
    await page.waitForFunction((t) => document.querySelector('[data-testid=help-body] h1')?.textContent === t, en.title, { timeout: 30000 });
    const after = await shown();
    expect(after).toMatchObject({ open: true, title: en.title, heading: 'Help: Memory plan', lang: 'en', h2: before.h2 });
    expect(after.images.length).toBe(en.images);
    expect(await page.getAttribute('[data-testid=help-memory]', 'aria-label')).toBe('help: Memory plan');
    expect(await page.evaluate(() => window.__graphlab.state().lang)).toBe('en');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('every pass, "hits" and "roofline time" describe themselves on hover (title + aria-describedby)', async () => {
    const { GLOSSARY } = await import('../../web/glossary.js');
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${server.url}#panels=graph.kernels`);
    await page.waitForFunction(() => document.body.classList.contains('ready') && document.querySelector('[data-testid=kernel-totals]'), null, { timeout: 120000 });
    const got = await page.evaluate(() => ({
      passes: [...document.querySelectorAll('.pass-list .st-name')].map((e) => [e.textContent.replace(/^\d+\. /, ''), e.getAttribute('title'),
        document.getElementById(e.getAttribute('aria-describedby'))?.textContent]),
      hits: [...document.querySelectorAll('.pass-list .st-counts')].filter((e) => /hit/.test(e.textContent)).map((e) => e.getAttribute('title')),
      roofline: [...document.querySelectorAll('[data-testid=kernel-totals] tbody th')].find((th) => th.textContent === 'roofline time')?.getAttribute('title'),
    }));
    expect(got.passes.map((p) => p[0])).toEqual(['trace', 'match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
    for (const [name, title, described] of got.passes) {
      expect(title).toBe(`${name}: ${GLOSSARY[name]}`);
      expect(described).toBe(GLOSSARY[name]);
    }
    expect(got.hits.length).toBeGreaterThan(0);
    for (const t of got.hits) expect(t).toBe(`hits: ${GLOSSARY.hits}`);
    expect(got.roofline).toBe(`roofline time: ${GLOSSARY['roofline time']}`);
    await page.close();
  });

  it('keys pressed in the help page do not step the graph behind it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`${server.url}#panels=graph&stage=0`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    await page.click('[data-testid=help-graph]');
    await page.waitForSelector('[data-testid=help-body][data-page=graph] h1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => window.__graphlab.state().stage)).toBe(0);
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => window.__graphlab.state().stage === 1);
    await page.close();
  });
});
