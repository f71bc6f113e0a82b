// workspace.test.js — the graph-first workspace (issue 33, "Must show"): the default view, every preset and every
// step of every lesson at 1280×720, 1440×900 and 390×844 (and in Chinese at 1280×720 and 390×844), in one page
// navigated by hash. Per cell: the drawn
// graph labels' rendered heights (median ≥ 12 px, none under 10 px), every highlighted node's centre hits the
// node (elementFromPoint: nothing covers it), the lesson narration whole (no scroll box cuts it, inside the
// window) and no horizontal scrolling of the page. It prints a table of what it measured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchLab, pageErrors } from './harness.js';
import { LESSONS } from '../../web/lessons/catalog.js';

const SIZES = [[1280, 720], [1440, 900], [390, 844]];
// the config's presets (the core's: small, Llama-3-8B, 8B × 32 layers, Llama-3.1-405B × 126), as lesson 06 links them
const L8B = 'd=4096&H=32&G=8&dh=128&f=14336&theta=500000&T=2048';
const PRESETS = [['small', 'd=64'], ['8B', L8B], ['8B × 32', `${L8B}&L=32`], ['405B × 126', 'd=16384&H=128&G=8&dh=128&f=53248&theta=500000&T=2048&L=126']];
const VIEWS = [['default', 'panels=config.graph.kernels.memory'], ...PRESETS.map(([p, h]) => [`preset ${p}`, `${h}&panels=config.graph.kernels.memory`])];

/** What the page shows now: label heights, highlighted nodes hit or covered, the narration, the overflow. */
const measure = (page) => page.evaluate(() => {
  const svg = document.querySelector('[data-testid=graph] svg, svg.graph-svg');
  const hs = [...document.querySelectorAll('[data-testid=graph] g.node text')]
    .filter((t) => t.getClientRects().length && getComputedStyle(t).display !== 'none' && t.textContent.trim())
    .map((t) => t.getBoundingClientRect().height).filter((h) => h > 0).sort((a, b) => a - b);
  const covered = [];
  for (const g of document.querySelectorAll('[data-testid=graph] [data-highlighted]')) {
    const b = g.getBoundingClientRect();
    if (!b.width) continue;
    const x = b.x + b.width / 2, y = b.y + b.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) { covered.push(`${g.getAttribute('data-node-id') || g.getAttribute('data-group')}@off`); continue; }
    const hit = document.elementFromPoint(x, y);
    const owner = hit && hit.closest('[data-node-id],[data-group]');
    if (owner !== g && !(owner && g.contains(owner))) covered.push(g.getAttribute('data-node-id') || g.getAttribute('data-group'));
  }
  const text = document.querySelector('[data-testid=lesson-text]');
  const card = document.querySelector('[data-testid=lesson]');
  let narration = null;
  if (card && !card.hidden && text && text.getClientRects().length) {
    const r = text.getBoundingClientRect(), c = card.getBoundingClientRect();
    narration = { cut: text.scrollHeight - text.clientHeight, bottom: Math.round(r.bottom), inside: r.top >= 0 && r.bottom <= innerHeight + 0.5 && r.bottom <= c.bottom + 0.5 && r.right <= innerWidth + 0.5 };
  }
  return { n: hs.length, med: hs.length ? hs[hs.length >> 1] : null, min: hs.length ? hs[0] : null, covered, narration,
    over: document.scrollingElement.scrollWidth - innerWidth, svg: !!svg };
});

// Every label is asserted: a lesson folds its graph by blocks as the lab does (what a question counts is in a
// group's label, "scores ▸ 9"), and a stack too big for a readable box per layer folds into ranges of layers.

describe('workspace: labels, highlights, narration and overflow in every view', () => {
  let lab, page, enPage, errors;
  let zhErrors = [];
  const rows = [];
  beforeAll(async () => {
    lab = await launchLab();
    page = await lab.browser.newPage({ viewport: { width: 1280, height: 720 } });
    enPage = page;
    errors = pageErrors(page);
    await page.goto(`${lab.server.url}#`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
  }, 180000);
  afterAll(async () => {
    if (rows.length) {
      console.log(['cell'.padEnd(28), 'size'.padEnd(9), 'labels', 'median', 'min', 'covered', 'narration', 'overflow'].join(' | '));
      for (const r of rows) console.log([r.cell.padEnd(28), r.size.padEnd(9), String(r.n).padStart(6), (r.med ? r.med.toFixed(1) : '-').padStart(6), (r.min ? r.min.toFixed(1) : '-').padStart(4), String(r.covered.length).padStart(7), (r.narration ? (r.narration.cut <= 0 && r.narration.inside ? 'whole' : `cut ${r.narration.cut} / bottom ${r.narration.bottom}`) : '-').padEnd(9), String(r.over)].join(' | '));
    }
    if (lab) await lab.close();
  });

  /** Waits until the page is drawn and still: ready, the lesson's step k (if any) shown on its result, the graph's
   *  last animation and layout done, and the fit to the drawing (up to 1.4 s after a draw) flown. */
  async function still(k) {
    await page.waitForFunction((k) => {
      const card = document.querySelector('[data-testid=lesson]');
      const g = document.querySelector('[data-testid=graph]');
      const at = k && card && document.querySelector('[data-testid=lesson-step]').textContent;
      if (k && (!card || card.hidden || card.classList.contains('pending') || !(at.startsWith(`step ${k} `) || at.startsWith(`第 ${k} 步`)))) return false;
      if (!document.body.classList.contains('ready')) return false;
      return !g || !!g.closest('[hidden]') || (g.getAttribute('data-animating') !== '1' && g.getAttribute('data-laying-out') !== '1');
    }, k, { timeout: 60000 });
    // and the drawing no longer moves (the fit and the pass camera fly its box): its first and last nodes where
    // they were 250 ms before
    await page.waitForFunction(() => {
      const svg = document.querySelector('[data-testid=graph]');
      const nodes = document.querySelectorAll('[data-testid=graph] g.node');
      const at = (g) => (g ? Object.values(g.getBoundingClientRect().toJSON()).map(Math.round).join(',') : '');
      const now = `${at(nodes[0])}|${svg ? svg.getAttribute('data-camera') : ''}|${at(nodes[nodes.length - 1])}|${nodes.length}`;
      const t = performance.now();
      const last = window.__wsStill;
      if (!last || last.v !== now) { window.__wsStill = { v: now, t }; return false; }
      return t - last.t >= 250 && !now.includes('|1|');
    }, null, { timeout: 30000, polling: 50 });
  }

  /** One cell: measured, kept for the table, its failures added to fails. */
  async function cell(name, size, fails) {
    const m = await measure(page);
    rows.push({ cell: name, size, ...m });
    if (m.n && m.med < 12) fails.push(`${name} ${size}: median label ${m.med.toFixed(1)} px`);
    if (m.n && m.min < 10) fails.push(`${name} ${size}: a label of ${m.min.toFixed(1)} px`);
    if (m.covered.length) fails.push(`${name}: highlighted ${m.covered.join(', ')} covered`);
    if (m.narration && !(m.narration.cut <= 0 && m.narration.inside)) fails.push(`${name}: narration cut (${JSON.stringify(m.narration)})`);
    if (m.over > 0) fails.push(`${name}: the page scrolls sideways by ${m.over} px`);
  }

  // English at the three sizes, then the Chinese page (its stored choice, so every lesson step's own link keeps it)
  // at 1280×720 and on the phone: Chinese strings are shorter, English ones longer, both layouts must hold
  const RUNS = [...SIZES.map((s) => [...s, 'en']), [1280, 720, 'zh'], [390, 844, 'zh']];
  for (const [w, hgt, lang] of RUNS) {
    it(`${w}×${hgt}${lang === 'zh' ? ' in Chinese' : ''}: every view`, async () => {
      if (lang === 'zh' && page === enPage) {
        page = await lab.browser.newPage({ viewport: { width: w, height: hgt } });
        zhErrors = pageErrors(page);
        // (about:blank, between lessons, has no storage of its own: no error there)
        await page.addInitScript(() => { try { localStorage.setItem('graphlab.lang', 'zh'); } catch { /* about:blank */ } });
      }
      await page.setViewportSize({ width: w, height: hgt });
      const fails = [];
      const size = `${w}×${hgt}${lang === 'zh' ? ' zh' : ''}`;
      // the default view and the presets: one page, navigated by hash
      await page.goto(`${lab.server.url}#`);
      for (const [name, h] of VIEWS) {
        // (drawn: a render of the new configuration ended after the hash was set, and no analysis is on its way)
        const t0 = await page.evaluate((h) => { const t = performance.now(); location.hash = h; return t; }, h);
        await page.waitForFunction((t0) => {
          const m = performance.getEntriesByName('gl-render-end').pop();
          return !!m && m.startTime > t0 && !document.body.classList.contains('analysing');
        }, t0, { timeout: 120000 });
        await still(0);
        await cell(name, size, fails);
      }
      // each lesson opened by its link, then stepped with its "next" button as a student does
      for (const [name, l] of Object.entries(LESSONS)) {
        await page.goto('about:blank');
        await page.goto(`${lab.server.url}#lesson=${name}&step=1`);
        for (let k = 1; k <= l.steps.length; k++) {
          if (k > 1) await page.click('[data-testid=lesson-next]');
          await still(k);
          await cell(`${name} ${k}`, size, fails);
        }
      }
      // (the Chinese run really was Chinese, to its last lesson step)
      if (lang === 'zh') expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      expect(fails, size).toEqual([]);
    }, 600000);
  }
  it('no console errors', () => expect([...errors, ...zhErrors]).toEqual([]));
});
