// keyed-redraw.test.js — a new result updates the kernels and memory charts in place (issue 17: a slider move
// on one layer to the rendered frame in ≤ 30 ms): after T changes, every bar, roofline point, label, axis and
// memory block is the same DOM element as before, its attributes and texts now the new result's, and what did
// not change (a kernel's name and colour) was not written at all. Rebuilding the charts for each result had the
// browser style, lay out and paint every element again. In Debian's Chromium with the real WASM module; the
// expected numbers are the native CLI's.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { formatBytes, formatTime } from '../../web/format.js';
import { launchLab, pageErrors, cliLab } from './harness.js';


const cli = cliLab;   // the expected numbers (harness.js)

// what the test follows: each chart's elements, in document order (the axes' ticks may come and go with the domain)
const PARTS = {
  bars: '#panel-kernels [data-testid=kernel-bar]',
  names: '#panel-kernels .klabel',
  swatches: '#panel-kernels .kswatch',
  points: '#panel-kernels circle.kpt',
  labels: '#panel-kernels text.roof-label',
  ceilings: '#panel-kernels .roof-svg path.ceiling',
  barsSvg: '#panel-kernels .bars-svg',
  roofSvg: '#panel-kernels .roof-svg',
  totals: '#panel-kernels [data-testid=kernel-totals] td',
  blocks: '#panel-memory [data-testid=memory-block]',
  memSvgs: '#panel-memory .mem-svg',
  curves: '#panel-memory [data-testid=live-curve]',
  memTotals: '#panel-memory [data-testid=memory-totals] td',
};

describe('the kernels and memory charts update in place (e2e, Chromium)', () => {
  let lab, browser, server;

  beforeAll(async () => {
    lab = await launchLab();
    ({ browser, server } = lab);
  });

  afterAll(async () => {
    if (lab) await lab.close();
  });

  it('a new T: the same elements, the new numbers, and no write where nothing changed', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = pageErrors(page);
    await page.goto(`${server.url}?test=1#panels=config.graph.kernels.memory`);
    await page.waitForFunction(() => document.body.classList.contains('ready') &&
      document.querySelectorAll('#panel-kernels circle.kpt').length > 0 && document.querySelectorAll('#panel-memory .mem-svg').length === 2, null, { timeout: 90000 });
    const cfg = await page.evaluate(() => window.__graphlab.state().cfg);
    const T = cfg.T * 4;
    const ref = cli({ ...cfg, T });
    const old = cli(cfg);
    // the layer fuses alike at both T (else the rows could not be the same kernels)
    expect(ref.fused.kernels.map((k) => k.label)).toEqual(old.fused.kernels.map((k) => k.label));

    const before = await page.evaluate((parts) => {
      const kept = {};
      for (const [k, q] of Object.entries(parts)) kept[k] = [...document.querySelectorAll(q)];
      window.__kept = kept;
      // every write to a kernel's name or swatch from now on
      window.__writes = [];
      const mo = new MutationObserver((ms) => {
        for (const m of ms) {
          const t = m.target.nodeType === 1 ? m.target : m.target.parentNode;
          if (t.closest('.klabel') || t.closest('.kswatch')) window.__writes.push(`${t.getAttribute('class')} ${m.type} ${m.attributeName || ''}`);
        }
      });
      mo.observe(document.getElementById('panel-kernels'), { subtree: true, attributes: true, childList: true, characterData: true });
      window.__mo = mo;
      return {
        counts: Object.fromEntries(Object.entries(kept).map(([k, v]) => [k, v.length])),
        widths: kept.bars.map((b) => b.getAttribute('width')),
        cx: kept.points.map((c) => c.getAttribute('cx')),
        titles: kept.memSvgs.map((s) => s.querySelector('.chart-title').textContent),
        totals: kept.totals.map((td) => td.textContent),
      };
    }, PARTS);
    for (const k of Object.keys(PARTS)) expect(before.counts[k], k).toBeGreaterThan(0);
    expect(before.counts.bars).toBe(old.fused.kernels.length);

    await page.evaluate((t) => window.__graphlabTest.setState({ cfg: { T: t } }), T);
    await page.waitForFunction((t) => {
      const r = window.__graphlab.result();
      const end = performance.getEntriesByName('gl-render-end')[0];
      const start = performance.getEntriesByName('gl-analyze-end')[0];
      return r && r.config.T === t && end && start && end.startTime >= start.startTime;
    }, T, { timeout: 60000 });

    const after = await page.evaluate((parts) => {
      const kept = window.__kept;
      window.__mo.takeRecords();
      window.__mo.disconnect();
      const same = {};
      for (const [k, q] of Object.entries(parts)) {
        const now = [...document.querySelectorAll(q)];
        same[k] = now.length === kept[k].length && now.every((n, i) => n === kept[k][i]);
      }
      return {
        same,
        widths: kept.bars.map((b) => b.getAttribute('width')),
        cx: kept.points.map((c) => c.getAttribute('cx')),
        titles: kept.memSvgs.map((s) => s.querySelector('.chart-title').textContent),
        totals: kept.totals.map((td) => td.textContent),
        memTotals: kept.memTotals.map((td) => td.textContent),
        writes: window.__writes,
      };
    }, PARTS);
    // the same elements
    for (const k of Object.keys(PARTS)) expect(after.same[k], `${k}: the same elements`).toBe(true);
    // … holding the new result: the totals are the CLI's at the new T, bars, points and blocks moved
    const e = ref.eager.cost, f = ref.fused.cost;
    expect(after.totals).toContain(formatBytes(f.bytes));
    expect(after.totals).toContain(formatBytes(e.bytes));
    expect(after.totals).toContain(formatTime(f.t));
    expect(after.totals).not.toEqual(before.totals);
    expect(after.memTotals).toContain(formatBytes(ref.memory.greedy));
    expect(after.memTotals).toContain(formatBytes(ref.memory.naive));
    expect(after.widths).not.toEqual(before.widths);
    expect(after.cx).not.toEqual(before.cx);
    expect(after.titles).toEqual([`naive: peak ${formatBytes(ref.memory.naive)}`, `greedy: peak ${formatBytes(ref.memory.greedy)}`]);
    expect(after.titles).not.toEqual(before.titles);
    // the names and colours did not change, and were not written
    expect(after.writes).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
  // The graph's boxes and their layout are kept across results that draw the same (graph/union.js sameDrawing:
  // T and d change shapes, not nodes): the same elements at the same places, each box's shape the new result's.
  // A new d also changes a scalar constant (rms_norm's 1/d, after decompose): its label must follow, not the
  // last result's drawing.
  it('the graph: a new T keeps every box and its place, with the new shapes; a new d relabels the 1/d constant', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = pageErrors(page);
    await page.goto(`${server.url}?test=1#panels=config.graph&fold=off`);   // every node a box of its own
    await page.waitForFunction(() => document.body.classList.contains('ready') && document.querySelectorAll('.graph-svg g.node').length > 0, null, { timeout: 90000 });
    const last = (await page.evaluate(() => window.__graphlabTest.stages())) - 1;
    await page.evaluate((st) => window.__graphlabTest.setState({ stage: st }), last);
    const settled = () => page.waitForFunction(() => document.querySelector('.graph-svg').getAttribute('data-animating') === '0', null, { timeout: 60000 });
    await settled();
    const cfg = await page.evaluate(() => window.__graphlab.state().cfg);
    // what the drawing shows: per node box (by id) its shape's numbers, its label, its place; the elements kept
    const drawn = () => page.evaluate(() => {
      const out = {};
      for (const g of document.querySelectorAll('.graph-svg g.node:not(.ghost)')) {
        out[g.getAttribute('data-node-id')] = {
          // the aria-label is "<drawn text>: <op> <shape>": the shape's numbers after the last ": "
          dims: (g.getAttribute('aria-label').split(': ').pop().match(/[0-9]+/g) || []).map(Number),
          label: g.querySelector('tspan.label').textContent,
          at: [g.getAttribute('data-x'), g.getAttribute('data-y')],
          w: g.querySelector('rect').getAttribute('width'),
        };
      }
      return out;
    });
    const move = async (patch, check) => {
      await page.evaluate((p) => window.__graphlabTest.setState({ cfg: p }), patch);
      await page.waitForFunction(check, patch, { timeout: 60000 });
      await page.waitForFunction(() => {
        const end = performance.getEntriesByName('gl-render-end')[0], start = performance.getEntriesByName('gl-analyze-end')[0];
        return end && start && end.startTime >= start.startTime;
      }, null, { timeout: 60000 });
      await settled();
    };
    // each box against the CLI's last stage: the numbers of its shape, a constant's value in its label
    const expectLike = (boxes, ref) => {
      const names = Object.keys(ref.graphs);
      const nodes = ref.graphs[names[names.length - 1]].nodes;
      expect(Object.keys(boxes).length).toBeGreaterThan(10);
      for (const [id, b] of Object.entries(boxes)) {
        const [, op, , attrs, shape] = nodes[Number(id)];
        expect(b.dims, `node ${id} ${op}`).toEqual(shape.filter((x) => typeof x === 'number'));
        if (op === 'const' && typeof attrs.value === 'number') {
          expect(b.label.startsWith('const '), `node ${id}`).toBe(true);
          const v = Number(b.label.slice(6));
          expect(Math.abs(v - attrs.value) / Math.abs(attrs.value), `node ${id}: ${b.label} vs ${attrs.value}`).toBeLessThan(1e-3);
        }
      }
    };
    const b0 = await drawn();
    expectLike(b0, cli(cfg));
    await page.evaluate(() => { window.__keptBoxes = [...document.querySelectorAll('.graph-svg g.node')]; });

    const T = cfg.T * 4;
    await move({ T }, (p) => window.__graphlab.result().config.T === p.T);
    const b1 = await drawn();
    expectLike(b1, cli({ ...cfg, T }));
    const same = await page.evaluate(() => {
      const now = [...document.querySelectorAll('.graph-svg g.node')];
      return now.length === window.__keptBoxes.length && now.every((n, i) => n === window.__keptBoxes[i]);
    });
    expect(same, 'the same box elements').toBe(true);
    for (const id of Object.keys(b0)) {
      expect(b1[id].at, `node ${id} stays`).toEqual(b0[id].at);
      expect(b1[id].label).toBe(b0[id].label);
    }
    // some box's shape holds T: it changed
    expect(Object.keys(b0).some((id) => b0[id].dims.join() !== b1[id].dims.join())).toBe(true);

    const d = cfg.d * 2;
    await move({ T, d }, (p) => window.__graphlab.result().config.d === p.d);
    const b2 = await drawn();
    const ref2 = cli({ ...cfg, T, d });
    expectLike(b2, ref2);
    // the 1/d constant is there and was relabelled
    const names = Object.keys(ref2.graphs);
    const inv = ref2.graphs[names[names.length - 1]].nodes.find((n) => n[1] === 'const' && n[3].value === 1 / d);
    expect(inv, 'a const 1/d in the last stage').toBeTruthy();
    expect(b2[inv[0]].label).not.toBe(b1[inv[0]].label);
    // and the drawing is the one a page opened at this configuration makes (nothing kept that should not be)
    await page.waitForFunction((dd) => location.hash.includes(`d=${dd}&`), d, { timeout: 10000 });
    const hash = await page.evaluate(() => location.hash);
    const fresh = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await fresh.goto(`${server.url}?test=1${hash}`);
    await fresh.waitForFunction(() => document.body.classList.contains('ready') && document.querySelector('.graph-svg').getAttribute('data-animating') === '0' &&
      document.querySelectorAll('.graph-svg g.node').length > 0, null, { timeout: 90000 });
    const b3 = await fresh.evaluate(() => {
      const out = {};
      for (const g of document.querySelectorAll('.graph-svg g.node:not(.ghost)')) {
        out[g.getAttribute('data-node-id')] = { label: g.querySelector('tspan.label').textContent, at: [g.getAttribute('data-x'), g.getAttribute('data-y')], w: g.querySelector('rect').getAttribute('width') };
      }
      return out;
    });
    expect(Object.keys(b3).sort()).toEqual(Object.keys(b2).sort());
    for (const id of Object.keys(b3)) expect({ id, ...b2[id], dims: undefined }, `node ${id}`).toEqual({ id, ...b3[id], dims: undefined });
    await fresh.close();
    expect(errors).toEqual([]);
    await page.close();
  });
});
