// Accessibility (issue 33): axe-core (node_modules/axe-core, run in the page) finds no violation of any impact on
// the lab as students and instructors open it — the default page, every panel open, an old Instructor-mode link
// (inst=1: now presentation, the one mode for projecting), presentation, a lesson step and a phone. The rules it enforced when this suite was written: ARIA
// attributes only where their role allows them (the graph's nodes and the roofline's points are options of a
// listbox), contrast ≥ 4.5:1 (passes that changed nothing are dimmed by colour, not opacity; Instructor mode's
// class colours darkened), every page region inside a landmark (the glossary's hidden terms in one aside), named
// editors and table corners, keyboard-reachable scrolled regions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';

import { launchLab, pageErrors, REPO } from './harness.js';

const AXE = fs.readFileSync(path.join(REPO, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

const PAGES = [
  ['the default page', '', 1280, 720],
  ['every panel open', '#panels=program.passes.config.graph.kernels.memory.numerics.dynamic.ir.code', 1280, 720],
  ['an old Instructor-mode link (presentation)', '#inst=1&panels=config.graph.kernels.memory.dynamic', 1920, 1080],
  ['presentation', '#present=1&panels=graph&stage=3', 1280, 720],
  ['a lesson step', '#lesson=02-passes&step=4', 1280, 720],
  // (its nodes say whether they are picked: aria-checked on the listbox's options)
  ['a "click the nodes" step', '#lesson=02-passes&step=1', 1280, 720],
  ['a phone', '#panels=config.graph.kernels', 390, 844],
];

describe('axe-core: no violations (e2e, Chromium)', () => {
  let lab;
  beforeAll(async () => {
    lab = await launchLab();
  }, 180_000);
  afterAll(async () => {
    if (lab) await lab.close();
  });

  it.each(PAGES)('%s', async (_name, hash, width, height) => {
    // the page's CSP allows no inline script: axe is injected past it in this page only
    const page = await lab.browser.newPage({ viewport: { width, height }, bypassCSP: true });
    const errors = pageErrors(page);
    await page.goto(`${lab.server.url}/${hash}`);
    await page.waitForSelector('body.ready', { timeout: 60000, state: 'attached' });
    await page.waitForFunction(() => !document.body.classList.contains('analysing'), null, { timeout: 60000 });
    await page.waitForTimeout(1500);      // the graph's first animation and the editors' lazy load
    await page.evaluate(AXE);
    const found = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes[0].target.join(' ')}`);
    });
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('the skip link reaches the graph in one Tab; highlights and layer groups carry their hooks', async () => {
    const page = await lab.browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = pageErrors(page);
    await page.goto(`${lab.server.url}/#lesson=02-passes&step=1`);
    await page.waitForSelector('body.ready', { timeout: 60000, state: 'attached' });
    // the lesson's highlight (the softmax) and nothing else is data-highlighted
    await page.waitForFunction(() => document.querySelectorAll('g.node[data-highlighted="true"]').length > 0, null, { timeout: 60000 });
    expect(await page.evaluate(() => [...document.querySelectorAll('g.node[data-highlighted="true"]')].map((g) => g.getAttribute('data-op')))).toEqual(['softmax']);
    await page.goto(`${lab.server.url}/#panels=config.graph&L=4&collapse=on`);
    await page.reload();
    await page.waitForSelector('body.ready', { timeout: 60000, state: 'attached' });
    await page.waitForFunction(() => document.querySelectorAll('g.node[data-group]').length >= 4, null, { timeout: 60000 });
    expect(await page.evaluate(() => [...document.querySelectorAll('g.node[data-group]')].length)).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid)).toBe('skip-link');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement && document.activeElement.dataset.testid)).toBe('pass-next');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
