// End-to-end test of the presentation layout at a projector's 1280×720 (Debian's Chromium, headless, driven
// by playwright-core; the real WASM module served by tools/serve.mjs): node labels readable as rendered, a
// caption on every pass that says what the native CLI's provenance says, kept nodes staying where they were,
// the 405B stack as a grid in reading order, an SVG export with every node, lesson links. Presentation is the
// one mode for projecting (issue 33): every text at least 16 px at 1280×720 — the graph's labels, the caption,
// every panel shown over the graph, the lesson's narration — measured and printed as a table, axe-core with no
// serious or critical violation, the IR wide enough for an 80-character line; and the "share as exercise"
// dialog, whose link locks the config and hides what it names. Screenshots go to build/present/*.png, so `make
// test` never rewrites tracked files; the docs' figures (docs/img/present-*.png, share-exercise-1280.png, shown by
// docs/panels/graph.md) are retaken with GRAPHLAB_DOCS_FIGURES=1.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { measureTextSizes } from './text-sizes.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const NATIVE = path.join(REPO, 'build', 'graphlab');
const IMG = process.env.GRAPHLAB_DOCS_FIGURES === '1' ? path.join(REPO, 'docs', 'img') : path.join(REPO, 'build', 'present');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const AXE = fs.readFileSync(path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
// a chart drawn at its box's width rounds to whole pixels: 16 px text may render at 15.99
const MIN_PX = 16 - 0.05;
const SMALL = { d: 64, H: 8, G: 2, dh: 8, f: 128, eps: 1e-5, theta: 10000, pos0: 0, layers: 1 };

/** The native CLI's result (graphs and provenance) for a lab configuration. */
function cli(cfg) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const config = { ...SMALL, ...cfg };
  const c = { case: 'e2e', config, elem_bytes: 2, device: 'h100', emit: { graphs: true, provenance: true } };
  return JSON.parse(execFileSync(NATIVE, ['case', '-', '--compact'], { input: JSON.stringify(c), maxBuffer: 1 << 28 }).toString());
}

/** What a caption must say about a pass, from its provenance: the counts, as regular expressions. */
function expectedPhrases(prov, before) {
  const v = Object.values(prov.nodes);
  const used = new Set(v.flatMap((x) => x.from));
  const removed = before.filter((n) => !used.has(n[0])).length;
  const out = [];
  const replaced = v.filter((x) => x.how === 'replaced').length;
  const expanded = v.filter((x) => x.how === 'expanded');
  const composites = new Set(expanded.map((x) => x.from[0])).size;
  const merged = v.filter((x) => x.how === 'merged').reduce((a, x) => a + x.from.length - 1, 0);
  const created = v.filter((x) => x.how === 'created').length;
  const folded = v.filter((x) => x.how === 'folded').length;
  if (replaced) out.push(/ replaced /);
  if (composites) out.push(new RegExp(`expanded ${composites} composites? into ${expanded.length} primitives?`));
  if (merged) out.push(new RegExp(`merged ${merged} nodes?`));
  if (created) out.push(new RegExp(`made ${created} nodes?`));
  if (folded) out.push(new RegExp(`folded ${folded} nodes?`));
  if (removed) out.push(new RegExp(`removed ${removed} nodes?`));
  if (!out.length) out.push(/: (nothing|no )/);
  return out;
}

describe('presentation layout (e2e, Chromium, 1280×720)', () => {
  let browser, server, chromium;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run make deps (apt-get install chromium); the e2e suites never skip`);
    if (!fs.existsSync(path.join(REPO, 'public', 'graphlab-core.wasm'))) execSync('make wasm', { cwd: REPO, stdio: 'inherit' });
    const { buildServed } = await import('../../tools/build-web.mjs');
    buildServed();
    const { startServer } = await import('../../tools/serve.mjs');
    server = await startServer({ port: 0 });
    ({ chromium } = await import('playwright-core'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    fs.mkdirSync(IMG, { recursive: true });
  }, 180000);

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
  });

  async function open(hash) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(server.url + hash);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    return { page, errors };
  }

  /** Waits until stage s is drawn, laid out and still (camera back on the whole graph). */
  const settled = (page, s) => page.waitForFunction((st) => {
    const g = document.querySelector('[data-testid=graph]');
    return g && Number(g.getAttribute('data-stage')) === st && g.getAttribute('data-animating') === '0' &&
      g.getAttribute('data-laying-out') !== '1' && g.querySelector('g.node') !== null;
  }, s, { timeout: 120000 });

  /** The drawn nodes, caption and label sizes of the shown stage. */
  const snapshot = (page) => page.evaluate(() => {
    const g = document.querySelector('[data-testid=graph]');
    const nodes = [...g.querySelectorAll('g.node')].map((n) => ({
      key: n.getAttribute('data-key'), id: n.getAttribute('data-node-id'), op: n.getAttribute('data-op'),
      x: Number(n.getAttribute('data-x')), y: Number(n.getAttribute('data-y')),
      label: n.querySelector('text').getBoundingClientRect().height,
    }));
    return {
      nodes, width: Number(g.getAttribute('data-width')), height: Number(g.getAttribute('data-height')),
      caption: document.querySelector('[data-testid=pass-caption]').textContent,
      name: document.querySelector('[data-testid=pass-name]').textContent,
    };
  });

  // (folded by blocks as the lab draws it, and node by node: fold=off, where the camera flies to each change)
  for (const [what, cfg, hash] of [['prefill', { mode: 'prefill', T: 12, S: null }, ''], ['decode', { mode: 'decode', T: null, S: 16 }, '&mode=decode'],
    ['prefill, every node a box', { mode: 'prefill', T: 12, S: null }, '&fold=off']]) {
    it(`${what} layer: every pass readable, narrated as its provenance says, kept nodes in place`, async () => {
      const r = cli(cfg);
      const gk = Object.keys(r.graphs);
      const { page, errors } = await open(`#present=1&panels=graph${hash}`);
      let prev = null;
      const moves = [];
      for (let s = 0; s < r.passes.length; s++) {
        if (s) {
          await page.click('[data-testid=pass-next]');
          if (s === 1 && hash === '&fold=off') {
            // the camera flies to the change first (match_attention's attention subgraph), then back
            await page.waitForFunction(() => document.querySelector('[data-testid=graph]').getAttribute('data-camera') === '1', null, { timeout: 30000 });
          }
        }
        await settled(page, s);
        const snap = await snapshot(page);
        expect(snap.name).toBe(`${s}. ${r.passes[s].name}`);
        // labels: at least 14 px tall as rendered, every one
        const minLabel = Math.min(...snap.nodes.map((n) => n.label));
        expect(minLabel, `stage ${s}`).toBeGreaterThanOrEqual(14);
        // every drawn node is a node of the CLI's graph at this stage, with its op
        const cliNodes = new Map(r.graphs[gk[s]].nodes.map((n) => [String(n[0]), n[1]]));
        // (a folded block, views/graph/blocks.js, stands for nodes of its own: its members are not drawn)
        for (const n of snap.nodes) if (n.op !== 'group') expect(cliNodes.get(n.id), `node %${n.id}`).toBe(n.op);
        // the caption says what the provenance counts
        if (s) for (const re of expectedPhrases(r.provenance[s - 1], r.graphs[gk[s - 1]].nodes)) expect(snap.caption, r.passes[s].name).toMatch(re);
        expect(snap.caption.startsWith(r.passes[s].name)).toBe(true);
        // kept nodes: mean movement as % of the drawing's diagonal
        if (prev) {
          const was = new Map(prev.nodes.map((n) => [n.key, n]));
          const kept = snap.nodes.filter((n) => was.has(n.key));
          const diag = Math.hypot(snap.width, snap.height);
          const mean = kept.reduce((a, n) => a + Math.hypot(n.x - was.get(n.key).x, n.y - was.get(n.key).y), 0) / Math.max(1, kept.length);
          moves.push(`${r.passes[s].name} ${(100 * mean / diag).toFixed(1)} %`);
          expect(100 * mean / diag).toBeLessThanOrEqual(8);
        }
        console.log(`${what} stage ${s} ${r.passes[s].name}: ${snap.nodes.length} nodes, smallest label ${minLabel.toFixed(1)} px; caption: ${snap.caption.slice(0, 140)}`);
        if (what === 'prefill') await page.screenshot({ path: path.join(IMG, `present-${s}-${r.passes[s].name}.png`) });
        if (s === 1) {
          // the change list: a click highlights the nodes the change made (here the one flash_attn), again clears
          await page.click('[data-testid=pass-caption] button.cap-change');
          const hl = await page.evaluate(() => [...document.querySelectorAll('[data-testid=graph] g.node.csel')].map((n) => n.getAttribute('data-op')));
          const made = Object.entries(r.provenance[0].nodes).filter(([, v]) => v.how === 'replaced').map(([id]) => r.graphs[gk[1]].nodes[Number(id)][1]);
          expect(hl).toEqual(made);
          await page.click('[data-testid=pass-caption] button.cap-change');
          expect(await page.locator('[data-testid=graph] g.node.csel').count()).toBe(0);
        }
        prev = snap;
      }
      console.log(`${what}: kept-node movement per pass (mean, % of the diagonal): ${moves.join(', ')}`);
      expect(errors).toEqual([]);
      await page.close();
    }, 300000);
  }

  it('exports the shown pass as a self-contained SVG with every node, and as a PNG', async () => {
    const { page, errors } = await open('#present=1&panels=graph&stage=3');
    await settled(page, 3);
    const keys = (await snapshot(page)).nodes.map((n) => n.key).sort();
    const [svgDl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-svg]')]);
    expect(svgDl.suggestedFilename()).toBe('graphlab-3-cse.svg');
    const text = fs.readFileSync(await svgDl.path(), 'utf8');
    const parsed = await page.evaluate((t) => {
      const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
      return {
        error: !!doc.querySelector('parsererror'),
        keys: [...doc.querySelectorAll('g.node')].map((n) => n.getAttribute('data-key')).sort(),
        styled: [...doc.querySelectorAll('g.node rect')].every((r) => r.getAttribute('fill') && r.getAttribute('stroke')),
        caption: [...doc.querySelectorAll('text.caption')].map((x) => x.textContent).join(' '),
        links: doc.querySelectorAll('[href]:not([href^="#"]), link, style').length,
      };
    }, text);
    expect(parsed.error).toBe(false);
    expect(parsed.keys).toEqual(keys);
    expect(parsed.styled).toBe(true);
    expect(parsed.caption).toContain('cse merged 2 nodes');
    expect(parsed.links).toBe(0);
    const [pngDl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=export-png]')]);
    const png = fs.readFileSync(await pngDl.path());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);

  it('the 405B stack: 126 layer boxes in reading order, labels at least 10 px', async () => {
    const { page, errors } = await open('#present=1&panels=graph&d=16384&H=128&G=8&dh=128&f=53248&theta=500000&L=126');
    await page.waitForFunction(() => {
      const g = document.querySelector('[data-testid=graph]');
      return g && g.getAttribute('data-layers') === '126' && g.getAttribute('data-animating') === '0' &&
        g.getAttribute('data-laying-out') !== '1' && g.querySelectorAll('g.node[data-layer]').length >= 126;
    }, null, { timeout: 180000 });
    const boxes = await page.evaluate(() => [...document.querySelectorAll('[data-testid=graph] g.node[data-layer]')].map((n) => {
      const b = n.getBoundingClientRect();
      return { layer: Number(n.getAttribute('data-layer')), x: b.x, y: b.y, label: n.querySelector('text').getBoundingClientRect().height };
    }));
    const layers = boxes.filter((b) => b.layer >= 0).sort((a, b) => a.layer - b.layer);
    expect(layers.map((b) => b.layer)).toEqual([...Array(126).keys()]);
    for (let i = 1; i < layers.length; i++) {
      const a = layers[i - 1], b = layers[i];
      const sameRow = Math.abs(a.y - b.y) < 1;
      expect(sameRow ? b.x > a.x : b.y > a.y, `layer ${b.layer} after ${a.layer}`).toBe(true);
    }
    const minLabel = Math.min(...boxes.map((b) => b.label));
    console.log(`405B grid: ${layers.length} layer boxes, smallest label ${minLabel.toFixed(1)} px`);
    expect(minLabel).toBeGreaterThanOrEqual(10);
    await page.screenshot({ path: path.join(IMG, 'present-405b-grid.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 300000);

  it('a lesson link hides the controls it names, locks the config and starts at its stage', async () => {
    const { page, errors } = await open('#hideui=pipeline.export.options&lock=1&stage=2&cam=0');
    await settled(page, 2);
    const r = await page.evaluate(() => {
      const shown = (sel) => { const e = document.querySelector(sel); return !!e && e.getClientRects().length > 0; };
      const d = document.querySelector('[data-testid=config-d]');
      return {
        pipeline: shown('.pipeline-editor'), exportSvg: shown('[data-testid=export-svg]'), options: shown('.graph-opts'),
        stepper: shown('[data-testid=pass-next]'), config: shown('[data-testid=config-d]'),
        locked: d.disabled && d.getAttribute('aria-disabled') === 'true' && /locked/i.test(d.title) && shown('[data-testid=config-locked]'),
        name: document.querySelector('[data-testid=pass-name]').textContent,
      };
    });
    expect(r).toEqual({ pipeline: false, exportSvg: false, options: false, stepper: true, config: true, locked: true, name: '2. decompose' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);

  /** A page for axe (the page's CSP allows no inline script: axe is injected past it in this page only). */
  async function openForAxe(hash, viewport) {
    const page = await browser.newPage({ viewport, bypassCSP: true });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(server.url + hash);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    return { page, errors };
  }
  /** axe-core's serious and critical violations on the page as it is now. */
  async function axeSerious(page) {
    if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
    return page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0].target.join(' ')}`);
    });
  }
  const REGIONS = {
    caption: ['caption', '.pass-strip, .pass-caption'],
    overlay: (p) => [p, '.panel.overlay'],
    lesson: ['narration', '.lesson-card'],
  };
  const row = (what, r) => `${what.padEnd(22)} ${String(r.count).padStart(5)} texts  min ${r.min === null ? '—' : r.min.toFixed(1).padStart(5)} px`;

  it('presentation at 1280×720: every text ≥ 16 px (labels, caption, each overlay, narration), axe clean, IR 80 columns wide', async () => {
    const { page, errors } = await openForAxe('#present=1&panels=graph&stage=3', { width: 1280, height: 720 });
    await settled(page, 3);
    const table = [];
    const fails = [];
    const first = await page.evaluate(measureTextSizes, [REGIONS.caption]);
    table.push(`graph labels           ${String(first.labels.count).padStart(5)} drawn  median ${first.labels.median.toFixed(1)} px, min ${first.labels.min.toFixed(1)} px`);
    expect(first.labels.count).toBeGreaterThan(5);
    expect(first.labels.median).toBeGreaterThanOrEqual(16);
    expect(first.labels.min).toBeGreaterThanOrEqual(16);
    table.push(row('caption and strip', first.regions[0]));
    if (first.regions[0].min < MIN_PX) fails.push(first.regions[0]);
    const axe = { 'the graph': await axeSerious(page) };
    await page.screenshot({ path: path.join(IMG, 'present-1280.png') });
    // every panel over the graph, one at a time (the strip's menu): its text measured once it is drawn
    const ready = {
      kernels: () => document.querySelectorAll('#panel-kernels.overlay circle.kpt').length > 0 && document.querySelectorAll('#panel-kernels.overlay .bars-svg text').length > 0,
      memory: () => document.querySelectorAll('#panel-memory.overlay .mem-svg').length === 2,
      ir: () => document.querySelectorAll('#panel-ir.overlay [data-testid=ir-text] .ln').length > 10,
      code: () => document.querySelectorAll('#panel-code.overlay .ln').length > 10,
      numerics: () => !!document.querySelector('#panel-numerics.overlay [data-testid=numerics-table]'),
      dynamic: () => !!document.querySelector('#panel-dynamic.overlay [data-testid=dyn-branch] table'),
      config: () => !!document.querySelector('#panel-config.overlay [data-testid=config-d]'),
    };
    for (const [p, isReady] of Object.entries(ready)) {
      await page.selectOption('[data-testid=present-panel]', p);
      await page.waitForFunction(isReady, null, { timeout: 120000 });
      // a chart is redrawn at its box's new width in a task of its own: wait until the sizes hold (or time out)
      const sel = REGIONS.overlay(p);
      await page.waitForFunction(([fn, rg, min]) => {
        const m = new Function(`return (${fn})`)()([rg]);
        return m.regions[0].min !== null && m.regions[0].min >= min;
      }, [measureTextSizes.toString(), sel, MIN_PX], { timeout: 15000, polling: 250 }).catch(() => {});
      const m = await page.evaluate(measureTextSizes, [sel]);
      table.push(row(`overlay: ${p}`, m.regions[0]));
      if (!(m.regions[0].min >= MIN_PX)) fails.push(m.regions[0]);
      if (p === 'ir') {
        // how many characters of IR a line shows without wrapping or scrolling
        const cols = await page.evaluate(() => {
          const box = document.querySelector('#panel-ir.overlay [data-testid=ir-text]');
          const ln = box.querySelector('.ln');
          const probe = document.createElement('span');
          probe.textContent = 'M'.repeat(100);
          ln.append(probe);
          const ch = probe.getBoundingClientRect().width / 100;
          probe.remove();
          const mk = ln.querySelector('.mk');
          const pad = parseFloat(getComputedStyle(ln).paddingLeft) + parseFloat(getComputedStyle(ln).paddingRight) + (mk ? mk.getBoundingClientRect().width : 0);
          return Math.floor((box.clientWidth - pad) / ch);
        });
        table.push(`IR line width          ${cols} characters at 16 px`);
        expect(cols).toBeGreaterThanOrEqual(80);
        await page.screenshot({ path: path.join(IMG, 'present-ir-1280.png') });
      }
      axe[`overlay: ${p}`] = await axeSerious(page);
    }
    await page.selectOption('[data-testid=present-panel]', '');
    // a lesson's narration (its card over the presentation)
    const lesson = await openForAxe('#lesson=02-passes&step=4', { width: 1280, height: 720 });
    await lesson.page.waitForFunction(() => { const t = document.querySelector('[data-testid=lesson-text]'); return t && t.textContent.trim().length > 20; }, null, { timeout: 120000 });
    const n = await lesson.page.evaluate(measureTextSizes, [REGIONS.lesson]);
    table.push(row('lesson narration', n.regions[0]));
    if (!(n.regions[0].min >= MIN_PX)) fails.push(n.regions[0]);
    axe['a lesson step'] = await axeSerious(lesson.page);
    console.log(`presentation at 1280×720, rendered text sizes:\n${table.join('\n')}`);
    console.log(`axe-core serious/critical: ${JSON.stringify(axe)}`);
    expect(fails).toEqual([]);
    for (const [where, v] of Object.entries(axe)) expect(v, where).toEqual([]);
    expect(lesson.errors).toEqual([]);
    await lesson.page.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 400000);

  it('presentation at 1920×1080: labels ≥ 16 px; one button and both keys (p, i) toggle it', async () => {
    const { page, errors } = await open('#panels=config.graph.kernels&stage=3');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.click('[data-testid=present-toggle]');
    await page.waitForFunction(() => document.body.classList.contains('present'));
    await settled(page, 3);
    await page.selectOption('[data-testid=present-panel]', 'kernels');
    await page.waitForFunction(() => document.querySelectorAll('#panel-kernels.overlay .bars-svg text').length > 0 &&
      document.querySelectorAll('#panel-kernels.overlay circle.kpt').length > 0, null, { timeout: 60000 });
    const m = await page.evaluate(measureTextSizes, []);
    console.log(`presentation at 1920×1080: ${m.labels.count} labels, median ${m.labels.median.toFixed(1)} px, min ${m.labels.min.toFixed(1)} px`);
    expect(m.labels.min).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: path.join(IMG, 'present-1920.png') });
    await page.selectOption('[data-testid=present-panel]', '');
    // i leaves it (the old Instructor key) and restores the panels; p comes back
    await page.keyboard.press('i');
    await page.waitForFunction(() => !document.body.classList.contains('present') && document.querySelector('#panel-kernels').getClientRects().length > 0);
    expect(await page.evaluate(() => window.__graphlab.state().panels)).toEqual(['config', 'graph', 'kernels']);
    await page.keyboard.press('p');
    await page.waitForFunction(() => document.body.classList.contains('present'));
    await page.click('[data-testid=present-exit]');
    await page.waitForFunction(() => !document.body.classList.contains('present'));
    expect(await page.locator('[data-testid=present-toggle]').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 180000);

  it('share as exercise: the dialog writes lock, hideui and the start stage; the link opens locked, with the UI hidden', async () => {
    const { page, errors } = await open('#panels=config.graph.kernels&stage=1');
    await page.click('[data-testid=share-exercise]');
    const dialog = page.locator('[data-testid=share-exercise-dialog]');
    await dialog.waitFor({ state: 'visible' });
    await page.locator('[data-testid=share-exercise-lock]').check();
    await page.locator('[data-testid=share-exercise-hide-pipeline]').check();
    await page.locator('[data-testid=share-exercise-hide-inst]').check();
    await page.selectOption('[data-testid=share-exercise-stage]', '3');
    const url = await page.locator('[data-testid=share-exercise-link]').inputValue();
    expect(url).toMatch(/#d=64&/);
    expect(url).toContain('&stage=3&');
    expect(url).toContain('&hideui=pipeline.inst&');
    expect(url).toMatch(/&lock=1(&|$)/);
    await page.screenshot({ path: path.join(IMG, 'share-exercise-1280.png') });
    // the page's keys stay out of the dialog: p typed there does not present
    await page.locator('[data-testid=share-exercise-stage]').focus();
    await page.keyboard.press('p');
    expect(await page.evaluate(() => document.body.classList.contains('present'))).toBe(false);
    await page.click('[data-testid=share-exercise-close]');
    await dialog.waitFor({ state: 'hidden' });

    const other = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errs2 = [];
    other.on('pageerror', (e) => errs2.push(String(e && e.message)));
    await other.goto(url);
    await other.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    await settled(other, 3);
    const d = other.locator('[data-testid=config-d]');
    // looks locked: disabled, aria-disabled, a tooltip that says why, the lock note with its mark
    const look = await other.evaluate(() => {
      const e = document.querySelector('[data-testid=config-d]');
      const note = document.querySelector('[data-testid=config-locked]');
      return { disabled: e.disabled, aria: e.getAttribute('aria-disabled'), title: e.title, note: note && note.getClientRects().length > 0 ? note.textContent : null,
        mark: !!(note && note.querySelector('svg.lock-mark rect')),
        cursor: getComputedStyle(e).cursor, opacity: Number(getComputedStyle(e).opacity) };
    });
    expect(look.disabled).toBe(true);
    expect(look.aria).toBe('true');
    expect(look.title).toMatch(/locked/i);
    expect(look.note).toMatch(/locked/i);
    expect(look.mark).toBe(true);
    expect(look.cursor).toBe('not-allowed');
    expect(look.opacity).toBeLessThan(1);
    // acts locked: a click and typed keys change nothing
    const before = await d.inputValue();
    await d.click({ force: true });
    await other.keyboard.type('9');
    await other.keyboard.press('ArrowUp');
    await other.evaluate(() => document.querySelector('[data-testid=config-d]').focus());
    await other.keyboard.type('12');
    expect(await d.inputValue()).toBe(before);
    expect(await other.evaluate(() => window.__graphlab.state().cfg.d)).toBe(64);
    // hidden: the pipeline editor and the Present button; and i / p do not present
    const hidden = await other.evaluate(() => ({
      pipeline: document.querySelector('.pipeline-editor').getClientRects().length, present: document.querySelector('[data-testid=present-toggle]').getClientRects().length,
    }));
    expect(hidden).toEqual({ pipeline: 0, present: 0 });
    await other.locator('[data-testid=graph]').click({ position: { x: 5, y: 5 } });
    await other.keyboard.press('i');
    await other.keyboard.press('p');
    // (keys are handled in order: once → has stepped, i and p have been seen)
    await other.keyboard.press('ArrowRight');
    await settled(other, 4);
    expect(await other.evaluate(() => document.body.classList.contains('present'))).toBe(false);
    expect(errs2).toEqual([]);
    await other.close();
    expect(errors).toEqual([]);
    await page.close();
  }, 240000);
});
