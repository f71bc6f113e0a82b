#!/usr/bin/env node
// screenshots.mjs — the figures of README.md and docs/panels/*.md, taken from the lab itself.
//
//   make docs-figures              (= make wasm web, then this script)
//   node tools/screenshots.mjs [--only NAME[,NAME…]] [--out DIR]
//
// Builds nothing: it expects `make wasm web` done (public/graphlab-core.{mjs,wasm}, public/app/). It serves
// public/ with tools/serve.mjs on a free loopback port, drives Debian's Chromium (/usr/bin/chromium, headless)
// through playwright-core — never downloading a browser — and writes PNGs into docs/img/. Every figure is one
// fresh page whose state comes from the URL hash (web/state.js), with reduced motion so no pass animation is
// caught half-way; the script waits for the views to say they are done (body.ready, the graph's
// data-animating="0", the panels' tables, the numeric run's data-done) before it shoots. Panel figures are
// cropped to the panel element (elementHandle.screenshot), so they stay small. Every panel is also shot at
// 1280×720 and 1920×1080 (docs/img/<panel>-1280.png, -1920.png; the help pages show them).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const VIEWPORT = { width: 1280, height: 800 };
const TIMEOUT = 60000;

// The lab's default layer (web/state.js defaultState: the "small" layer of the fixtures, one layer).
const SMALL = 'd=64&H=8&G=2&dh=8&f=128&mode=prefill&T=12&L=1';
// One Llama-3-8B layer, prefill of 2048 tokens (tests/fixtures/llama8b_prefill_2048.json).
const LLAMA8B_PREFILL = 'd=4096&H=32&G=8&dh=128&f=14336&theta=500000&mode=prefill&T=2048&L=1';

/**
 * The figures. hash: the lab's state; crop: the element to cut out (null = the viewport); ready: what to
 * wait for besides the lab being booted; before: what to do on the page first; viewport: overrides.
 */
const FIGURES = [
  {
    name: 'lab', what: 'the whole lab (README)',
    hash: `${SMALL}&stage=0&panels=config.graph.kernels.memory`, crop: null, ready: ['graph', 'kernels', 'memory'],
  },
  {
    name: 'config', what: 'config panel, decode mode (small layer, KV cache S=16)',
    hash: 'd=64&H=8&G=2&dh=8&f=128&mode=decode&S=16&L=1&panels=config.graph', crop: '#panel-config', ready: ['graph'],
    viewport: { width: 1280, height: 1100 },
  },
  {
    name: 'graph-trace', what: 'graph view, stage 0 (trace)',
    hash: `${SMALL}&stage=0&panels=graph`, crop: '#panel-graph', ready: ['graph'], viewport: { width: 1280, height: 1000 },
  },
  {
    name: 'graph-match-attention', what: 'graph view after match_attention',
    hash: `${SMALL}&stage=1&panels=graph`, crop: '#panel-graph', ready: ['graph'], viewport: { width: 1280, height: 1000 },
  },
  {
    name: 'graph-decompose', what: 'graph view after decompose',
    hash: `${SMALL}&stage=2&panels=graph`, crop: '#panel-graph', ready: ['graph'], viewport: { width: 1280, height: 1000 },
  },
  {
    name: 'graph-kernels', what: 'graph view, last stage with the fused kernels as hulls',
    hash: `${SMALL}&stage=6&kern=1&panels=graph`, crop: '#panel-graph', ready: ['graph'], viewport: { width: 1280, height: 1000 },
  },
  {
    name: 'kernels', what: 'kernels panel (Llama-3-8B layer, prefill T=2048): totals, roofline bars and chart',
    hash: `${LLAMA8B_PREFILL}&panels=kernels&kset=fused`, crop: '#panel-kernels', ready: ['kernels'],
  },
  {
    name: 'memory', what: 'memory panel (small layer): naive and greedy lifetime charts',
    hash: `${SMALL}&panels=memory`, crop: '#panel-memory', ready: ['memory'],
  },
  {
    name: 'numerics', what: 'numerics panel after a run (small layer, seed 0)',
    hash: `${SMALL}&seed=0&panels=numerics`, crop: '#panel-numerics', ready: ['numerics'],
  },
  {
    name: 'dynamic', what: 'dynamic-shapes panel (branch × 4 front ends; from 5, 28 steps)',
    hash: `${SMALL}&panels=dynamic`, crop: '#panel-dynamic', ready: ['dynamic'],
    before: async (page) => {
      await page.fill('#dyn-from', '5');
      await page.fill('#dyn-steps', '28');
      await page.selectOption('#dyn-config', 'small');
      await page.click('.dyn-ctl button');
    },
    viewport: { width: 1280, height: 1000 },
  },
  {
    // (the file keeps its name: Instructor mode became presentation, which an inst=1 link opens)
    name: 'instructor', what: 'presentation (the former Instructor mode), after match_attention',
    hash: `${SMALL}&stage=1&present=1&panels=graph`, crop: null, ready: ['graph'],
  },
  {
    name: 'help-zh-1280', what: 'the kernels panel\'s help page in Chinese (lang=zh), 1280×720',
    hash: `${SMALL}&stage=1&panels=config.graph.kernels&lang=zh`, crop: null, ready: ['graph', 'kernels'],
    viewport: { width: 1280, height: 720 },
    before: async (page) => {
      await page.click('[data-testid=help-kernels]');
      await page.waitForFunction(() => {
        const imgs = [...document.querySelectorAll('[data-testid=help-body][data-page=kernels] img')];
        return imgs.length > 0 && imgs.every((i) => i.complete);
      }, null, { timeout: TIMEOUT });
    },
  },
];

// Every panel as it renders at the two screen sizes of a lecture room (1280×720 projector, 1920×1080 screen):
// docs/img/<panel>-1280.png and <panel>-1920.png, the panel cut out of a lab with the config sidebar open.
const DYN_BEFORE = FIGURES.find((f) => f.name === 'dynamic').before;
const PANEL_SHOTS = [
  { panel: 'config', hash: `${SMALL}&panels=config.graph`, ready: ['graph'] },
  { panel: 'graph', hash: `${SMALL}&stage=1&panels=config.graph`, ready: ['graph'] },
  { panel: 'kernels', hash: `${LLAMA8B_PREFILL}&panels=config.kernels&kset=fused`, ready: ['kernels'] },
  { panel: 'memory', hash: `${SMALL}&panels=config.memory`, ready: ['memory'] },
  { panel: 'numerics', hash: `${SMALL}&seed=0&panels=config.numerics`, ready: ['numerics'] },
  { panel: 'dynamic', hash: `${SMALL}&panels=config.dynamic`, ready: ['dynamic'], before: DYN_BEFORE },
  { panel: 'ir', hash: `${SMALL}&stage=1&panels=config.ir`, ready: ['ir'] },
  { panel: 'code', hash: `${SMALL}&stage=1&panels=config.code`, ready: ['code'] },
];
for (const [w, h] of [[1280, 720], [1920, 1080]]) {
  for (const s of PANEL_SHOTS) {
    FIGURES.push({ name: `${s.panel}-${w}`, what: `${s.panel} panel at ${w}×${h}`, hash: s.hash, crop: `#panel-${s.panel}`,
      ready: s.ready, before: s.before, viewport: { width: w, height: h } });
  }
}

// ---------------------------------------------------------------- waiting for the views
const WAITS = {
  graph: (page) => page.waitForFunction(() => {
    const s = document.querySelector('.graph-svg');
    return s && s.getAttribute('data-animating') === '0' && document.querySelectorAll('.graph-svg g.node').length > 0;
  }, null, { timeout: TIMEOUT }),
  kernels: (page) => page.waitForFunction(() => !!document.querySelector('[data-testid=kernel-totals]') &&
    !!document.querySelector('#panel-kernels .bars-svg') && !!document.querySelector('#panel-kernels .roof-svg'), null, { timeout: TIMEOUT }),
  memory: (page) => page.waitForFunction(() => !!document.querySelector('[data-testid=memory-totals]') &&
    document.querySelectorAll('#panel-memory .mem-chart svg').length === 2, null, { timeout: TIMEOUT }),
  numerics: (page) => page.waitForFunction(() => {
    const st = document.querySelector('[data-testid=numerics-status]');
    return st && st.getAttribute('data-done') === '1' && !!document.querySelector('[data-testid=numerics-table]') &&
      !!document.querySelector('#panel-numerics .heat-canvas');
  }, null, { timeout: TIMEOUT }),
  dynamic: (page) => page.waitForFunction(() => !!document.querySelector('[data-testid=dyn-branch] table') &&
    !!document.querySelector('[data-testid=dyn-dynamic] table') && !!document.querySelector('[data-testid=dyn-dynamic] .tl-row'),
  null, { timeout: TIMEOUT }),
  ir: (page) => page.waitForFunction(() => !!document.querySelector('[data-testid=ir-text]') && !!document.querySelector('[data-testid=ir-diff]'),
    null, { timeout: TIMEOUT }),
  code: (page) => page.waitForFunction(() => !!document.querySelector('[data-testid=code-text]'), null, { timeout: TIMEOUT }),
};

async function settle(page) {
  // two animation frames after the views said they were done, so the last paint is on screen
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

function parseArgs(argv) {
  const o = { only: null, out: path.join(REPO, 'docs', 'img') };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') o.only = new Set(String(argv[++i] || '').split(',').filter(Boolean));
    else if (argv[i] === '--out') o.out = path.resolve(argv[++i] || '');
    else if (argv[i] === '-h' || argv[i] === '--help') {
      console.log('usage: node tools/screenshots.mjs [--only NAME[,NAME…]] [--out DIR]\nfigures: ' + FIGURES.map((f) => f.name).join(', '));
      process.exit(0);
    } else {
      console.error(`screenshots: unknown argument ${argv[i]}`);
      process.exit(2);
    }
  }
  if (o.only) {
    const known = new Set(FIGURES.map((f) => f.name));
    for (const n of o.only) {
      if (!known.has(n)) {
        console.error(`screenshots: no figure "${n}" (figures: ${[...known].join(', ')})`);
        process.exit(2);
      }
    }
  }
  return o;
}

function preflight() {
  const missing = ['public/graphlab-core.mjs', 'public/graphlab-core.wasm', 'public/graphlab.mjs', 'public/app/main.js', 'public/app/vendor']
    .filter((f) => !fs.existsSync(path.join(REPO, f)));
  if (missing.length) {
    console.error(`screenshots: ${missing.join(', ')} missing — run "make wasm web" first (or "make docs-figures").`);
    process.exit(1);
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`screenshots: ${CHROMIUM} is missing (apt-get install chromium); this script never downloads a browser.`);
    process.exit(1);
  }
}

async function shoot(browser, baseUrl, fig, outDir) {
  const context = await browser.newContext({ viewport: fig.viewport || VIEWPORT, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e && e.message)));
  try {
    await page.goto(baseUrl + '#' + fig.hash);
    await page.waitForFunction(() => document.body.classList.contains('ready') || !document.getElementById('notice').hidden,
      null, { timeout: TIMEOUT });
    const notice = await page.evaluate(() => (document.getElementById('notice').hidden ? null : document.getElementById('notice-text').textContent));
    if (notice) throw new Error(`the lab showed a notice: ${notice}`);
    if (fig.before) await fig.before(page);
    for (const w of fig.ready || []) await WAITS[w](page);
    const err = await page.evaluate(() => window.__graphlab && window.__graphlab.error());
    if (err) throw new Error(`the core refused the configuration: ${err.message}`);
    await page.evaluate(() => document.fonts && document.fonts.ready);
    await settle(page);
    const file = path.join(outDir, `${fig.name}.png`);
    if (fig.crop) {
      const h = await page.$(fig.crop);
      if (!h) throw new Error(`no element ${fig.crop}`);
      await h.scrollIntoViewIfNeeded();
      await h.screenshot({ path: file });
    } else {
      await page.screenshot({ path: file });
    }
    if (errors.length) throw new Error(`console errors: ${errors.join(' | ')}`);
    const kb = (fs.statSync(file).size / 1024).toFixed(0);
    console.log(`  ${path.relative(REPO, file)}  ${kb} KiB  — ${fig.what}`);
  } finally {
    await context.close();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  preflight();
  fs.mkdirSync(opts.out, { recursive: true });
  const { startServer } = await import('./serve.mjs');
  const { chromium } = await import('playwright-core');
  const server = await startServer({ port: 0 });
  let browser;
  let failed = 0;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    console.log(`screenshots: lab at ${server.url}, writing ${path.relative(REPO, opts.out) || '.'}/`);
    for (const fig of FIGURES) {
      if (opts.only && !opts.only.has(fig.name)) continue;
      try {
        await shoot(browser, server.url, fig, opts.out);
      } catch (e) {
        failed++;
        console.error(`  ${fig.name}: FAILED — ${e.message}`);
      }
    }
  } finally {
    if (browser) await browser.close();
    await server.close();
  }
  if (failed) {
    console.error(`screenshots: ${failed} figure${failed === 1 ? '' : 's'} failed`);
    process.exit(1);
  }
}

await main();
