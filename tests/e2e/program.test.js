// End-to-end test of the Program panel (issue 13): the lecture's prefill layer loaded from the examples menu,
// edited in the CodeMirror editor (the residual add removed), re-traced in the analysis worker, and the graph,
// kernels and memory follow; a syntax error is underlined and written in program-error with its line while the
// other panels keep the last good result. Expected counts and the error's line come from the native CLI run
// on the same text. No console errors (CodeMirror's styles must pass the page's CSP).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXAMPLES } from '../../web/program-examples.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const CLI = path.join(REPO, 'build', 'graphlab');
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-program-'));

/** The native CLI's answer for a program case: per-stage node counts and the fused kernel count. */
function cliCase(program) {
  const file = path.join(TMP, 'case.json');
  fs.writeFileSync(file, JSON.stringify({ case: 'e2e', program, elem_bytes: 2, device: 'h100' }));
  const r = spawnSync(CLI, ['case', file, '--compact'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  expect(r.status).toBe(0);
  const out = JSON.parse(r.stdout);
  return { nodes: out.passes.map((p) => p.nodes), kernels: out.fused.kernels.length };
}
/** The CLI's error for a program ("FILE.py:LINE:COL: message"). */
function cliTraceError(program) {
  const file = path.join(TMP, 'bad.py');
  fs.writeFileSync(file, program);
  const r = spawnSync(CLI, ['trace', file], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  const m = /bad\.py:(\d+):(\d+): (.*)$/m.exec(r.stderr);
  expect(m).not.toBeNull();
  return { line: Number(m[1]), col: Number(m[2]), text: m[3] };
}

const PREFILL = EXAMPLES.find((e) => e.id === 'prefill').text;
const RESIDUAL = '        return x + (F.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]\n';
const EDITED = PREFILL.replace(RESIDUAL, '        return (F.silu(h @ p["w_gate"]) * (h @ p["w_up"])) @ p["w_down"]\n');
const BROKEN = EDITED.replace('x = x + a @ p["wo"]', 'x = x + * a @ p["wo"]');

describe('the Program panel (e2e, Chromium)', () => {
  let browser, server;

  beforeAll(async () => {
    if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
    if (!fs.existsSync(CLI)) execSync('make native', { cwd: REPO, stdio: 'inherit' });
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

  it('load the prefill example, remove the residual add, then a syntax error', async () => {
    expect(EDITED).not.toBe(PREFILL);
    expect(BROKEN).not.toBe(EDITED);
    const before = cliCase(PREFILL);
    const after = cliCase(EDITED);
    const err = cliTraceError(BROKEN);
    expect(after.nodes[0]).toBe(before.nodes[0] - 1);

    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}/#panels=program.graph.kernels.memory`);
    await page.waitForSelector('body.ready', { timeout: 60000 });
    await page.waitForSelector('[data-testid="program-editor"] .cm-editor .cm-lineNumbers');

    const counts = () => page.evaluate(() => window.__graphlab.stageCounts().map((s) => s.nodes));
    const waitNodes = (n0) => page.waitForFunction((n) => {
      const c = window.__graphlab.stageCounts();
      return c.length && c[0].nodes === n && !document.body.classList.contains('analysing');
    }, n0, { timeout: 60000 });
    // the student's edit arrives as a paste into the editor (CodeMirror's own input path; typed newlines would
    // be auto-indented): Control+A in the editor, then the new text
    const paste = (t) => page.evaluate((text) => {
      const c = document.querySelector('[data-testid="program-editor"]').shadowRoot.querySelector('.cm-content');
      const dt = new DataTransfer();
      dt.setData('text/plain', text);
      c.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, t);
    const kernelsSaid = () => page.textContent('[data-testid="memory-totals"] + p');

    await page.selectOption('[data-testid="program-examples"]', 'prefill');
    await waitNodes(before.nodes[0]);
    expect(await counts()).toEqual(before.nodes);
    expect(await kernelsSaid()).toContain(`by ${before.kernels} fused kernels`);
    expect(await page.textContent('[data-testid="program-editor"] .cm-content')).toContain('def prefill_layer');

    // the cursor on a line selects the first node it emitted, and the selection lights that line
    await page.locator('[data-testid="program-editor"] .cm-line', { hasText: 'x = x + a @ p["wo"]' }).first().click();
    await page.waitForFunction(() => window.__graphlab.state().sel !== null, null, { timeout: 30000 });
    expect(await page.locator('[data-testid="program-editor"] .prog-lit').count()).toBe(1);
    expect(await page.textContent('[data-testid="program-editor"] .prog-lit')).toContain('x = x + a @ p["wo"]');

    await page.click('[data-testid="program-editor"] .cm-content');
    await page.keyboard.press('Control+A');
    await paste(EDITED);
    await waitNodes(after.nodes[0]);
    expect(await counts()).toEqual(after.nodes);
    expect(await kernelsSaid()).toContain(`by ${after.kernels} fused kernels`);
    expect(await page.isVisible('[data-testid="program-error"]')).toBe(false);
    const kernelTotals = await page.textContent('[data-testid="kernel-totals"]');

    // a syntax error: shown with its line, underlined in place; the other panels keep the last good result
    await page.keyboard.press('Control+A');
    await paste(BROKEN);
    await page.waitForSelector('[data-testid="program-error"]:visible', { timeout: 60000 });
    const shown = await page.textContent('[data-testid="program-error"]');
    expect(shown).toContain(`line ${err.line}, column ${err.col}`);
    expect(shown).toContain(err.text);
    expect(await page.locator('[data-testid="program-editor"] .cm-lintRange-error').count()).toBeGreaterThan(0);
    expect(await counts()).toEqual(after.nodes);
    expect(await page.textContent('[data-testid="kernel-totals"]')).toBe(kernelTotals);
    expect(await page.isVisible('#panel-kernels [data-testid="stale-banner"]')).toBe(true);

    expect(errors).toEqual([]);
    await page.close();
  }, 240000);
});
