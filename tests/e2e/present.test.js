// End-to-end test of the presentation layout at a projector's 1280×720 (Debian's Chromium, headless, driven
// by playwright-core; the real WASM module served by tools/serve.mjs): node labels readable as rendered, a
// caption on every pass that says what the native CLI's provenance says, kept nodes staying where they were,
// the 405B stack as a grid in reading order, an SVG export with every node, lesson links. Screenshots of each
// pass go to build/present/present-*.png, so `make test` never rewrites tracked files; the docs' figures
// (docs/img/present-*.png, shown by docs/panels/graph.md) are retaken with GRAPHLAB_DOCS_FIGURES=1.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync, execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const NATIVE = path.join(REPO, 'build', 'graphlab');
const IMG = process.env.GRAPHLAB_DOCS_FIGURES === '1' ? path.join(REPO, 'docs', 'img') : path.join(REPO, 'build', 'present');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
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
      return {
        pipeline: shown('.pipeline-editor'), exportSvg: shown('[data-testid=export-svg]'), options: shown('.graph-opts'),
        stepper: shown('[data-testid=pass-next]'), config: shown('[data-testid=config-d]'),
        locked: !!document.querySelector('[data-testid=config-d]').closest('[inert]'),
        name: document.querySelector('[data-testid=pass-name]').textContent,
      };
    });
    expect(r).toEqual({ pipeline: false, exportSvg: false, options: false, stepper: true, config: true, locked: true, name: '2. decompose' });
    expect(errors).toEqual([]);
    await page.close();
  }, 120000);
});
