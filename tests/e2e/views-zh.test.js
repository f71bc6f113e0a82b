// End-to-end test of the graph and chart views in Chinese (issue 34; Debian's Chromium, headless, the real WASM
// module): a link with lang=zh opens the graph, kernels, memory and numerics panels and the details card in
// Chinese — their visible text has Chinese and none of the English words the views' catalogue translates
// (numbers, units, op names, code in kernel names, pass names, block names from the code and the terms kept as
// they are: eager, fused, FLOPs, roofline in the panel's title, are allowed) — and the header's language switch
// brings the English words back in place: the stage, the selection and the zoom stay.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { launchLab, pageErrors } from './harness.js';

const PANELS = ['graph', 'kernels', 'memory', 'numerics'];
// English words and phrases of the views (web/i18n/en/views.js) that the Chinese page must not show
const ENGLISH = ['kernels', 'kernel', 'memory', 'peak', 'bytes', 'nodes', 'ops', 'stage', 'play', 'fit', 'intensity',
  'bandwidth', 'ridge', 'lower bound', 'greedy', 'naive', 'replay', 'offset', 'reference', 'heatmap', 'run in wasm',
  'weights', 'activations', 'precision plan', 'hide passes', 'shapes on edges', 'camera', 'layers', 'compute-bound',
  'memory-bound', 'launch', 'time per kernel', 'pipeline', 'interpreter', 'round trip', 'trace:', 'traced', 'graph',
  'attrs', 'lifetime', 'made by', 'buffer', 'colour', 'sweep', 'now', 'projection', 'proj.', 'residual'];
// what the English page shows again after the switch
const BACK = ['Time per kernel', 'peak', 'lower bound', 'Run in WASM', 'hide passes that changed nothing', 'bytes moved',
  'arithmetic intensity (FLOP / byte)', 'kernel step (execution order)', 'made by', 'lifetime'];

/** The visible text of the four panels and the details card. */
const visibleText = (page) => page.evaluate((ps) => [...ps.map((p) => document.getElementById(`panel-${p}`)),
  document.getElementById('details')].map((n) => (n ? n.innerText : '')).join('\n'), PANELS);

describe('the graph and chart views in Chinese (e2e, Chromium)', () => {
  let lab, page, errors;

  beforeAll(async () => {
    lab = await launchLab();
    page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    errors = pageErrors(page);
    await page.goto(`${lab.server.url}#lang=zh&panels=${PANELS.join('.')}&stage=2&sel=n0`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    // the numeric run done, the charts drawn, the graph at stage 2 with the node selected, the details card shown
    await page.waitForFunction(() => document.querySelector('[data-testid=numerics-status]')?.getAttribute('data-done') === '1'
      && document.querySelector('[data-testid=ridge-label]') && document.querySelector('[data-testid=memory-block]')
      && !document.getElementById('details').hidden && document.querySelector('[data-testid=graph]').getAttribute('data-stage') === '2'
      && document.querySelector('[data-testid=graph] g.node[aria-selected="true"]'), null, { timeout: 120000 });
  }, 180000);
  afterAll(async () => { if (lab) await lab.close(); });

  it('shows Chinese and none of the views\' English words', async () => {
    const text = await visibleText(page);
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    for (const s of ['每个内核的时间', '峰值', '下界', '在 WASM 中运行', '算术强度', '搬运字节数', '内核步（执行顺序）', '来源', '生命周期']) expect(text).toContain(s);
    const found = ENGLISH.filter((w) => new RegExp(`(^|[^A-Za-z_])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z_])`, 'i').test(text));
    expect(found).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  });

  it('switches to English in place: the words back, the stage, the selection and the zoom kept', async () => {
    const before = await page.evaluate(() => ({
      stage: document.querySelector('[data-testid=graph]').getAttribute('data-stage'),
      sel: document.querySelector('[data-testid=graph] g.node[aria-selected="true"]')?.getAttribute('data-key') ?? null,
      zoom: document.querySelector('[data-testid=graph] g.zoom-root').getAttribute('transform'),
      hash: location.hash,
    }));
    expect(before.stage).toBe('2');
    expect(before.sel).toBe('n0');
    await page.selectOption('[data-testid=lang-switch]', 'en');
    await page.waitForFunction((words) => {
      const text = ['graph', 'kernels', 'memory', 'numerics'].map((p) => document.getElementById(`panel-${p}`).innerText).join('\n')
        + document.getElementById('details').innerText;
      return words.every((w) => text.includes(w));
    }, BACK, { timeout: 30000 });
    const after = await page.evaluate(() => ({
      stage: document.querySelector('[data-testid=graph]').getAttribute('data-stage'),
      sel: document.querySelector('[data-testid=graph] g.node[aria-selected="true"]')?.getAttribute('data-key') ?? null,
      zoom: document.querySelector('[data-testid=graph] g.zoom-root').getAttribute('transform'),
      hash: location.hash,
    }));
    expect(after.stage).toBe(before.stage);
    expect(after.sel).toBe(before.sel);
    expect(after.zoom).toBe(before.zoom);
    expect(after.hash).toContain('sel=n0');
    expect(after.hash).toContain('lang=en');
    const text = await visibleText(page);
    expect(text).not.toMatch(/[\u4e00-\u9fff]{2}/);   // (the language switch's own 中文 sits in the header)
    expect(text).toContain('Stage 2/6: decompose');
    expect(errors).toEqual([]);
  });
});
