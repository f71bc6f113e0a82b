// ir.test.js — the IR and Code panels in headless Chromium against the native CLI (run by this test):
//   at every stage of the default case and of a decode case, the IR panel's lines are `graphlab print
//   --stage NAME` character for character; the diff marks exactly the nodes the provenance (the CLI's result
//   JSON) says changed: new-side lines added/changed = nodes neither kept nor merged, old-side lines
//   removed/changed = nodes no kept or merged node came from (as from[0]); with "hide passes that changed
//   nothing" the diff is against the previous shown stage; `/` focuses the search, which finds an op's lines;
//   the Code panel is `graphlab codegen --stage NAME --lang python|c` (C from the same case with the lab's
//   random params) at every stage.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { parseHash, caseFromState } from '../../web/state.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const NATIVE = path.join(REPO, 'build', 'graphlab');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'];
const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'gl-ir-'));

const cli = (args) => execFileSync(NATIVE, args, { encoding: 'utf8', maxBuffer: 1 << 28 });

/** The case the page analyses for a hash (state.js builds it; the expected text comes from the CLI). */
function caseFile(name, hash, { params = false } = {}) {
  const { state } = parseHash(hash);
  const c = caseFromState(state);
  if (params) c.params = { random: state.seed };
  const file = path.join(TMP, `${name}${params ? '-params' : ''}.json`);
  fs.writeFileSync(file, JSON.stringify(c));
  return file;
}

const CASES = [
  ['default (prefill)', 'default', '#panels=config.ir.code'],
  ['decode', 'decode', '#mode=decode&S=16&panels=config.ir.code'],
];

describe('IR and Code panels (e2e, Chromium)', () => {
  let browser, server;

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
  });

  afterAll(async () => {
    if (browser) await browser.close();
    if (server) await server.close();
    fs.rmSync(TMP, { recursive: true, force: true });
  });

  async function open(hash) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e && e.message)));
    await page.goto(`${server.url}?test=1${hash}`);
    try {
      await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 90000 });
    } catch (err) {
      const notice = await page.evaluate(() => document.getElementById('notice-text')?.textContent).catch(() => '?');
      throw new Error(`${hash}: the lab never got ready (notice: ${notice}; errors: ${errors.join(' | ')})`);
    }
    return { page, errors };
  }

  async function gotoStage(page, i) {
    await page.evaluate((s) => window.__graphlabTest.setState({ stage: s }), i);
    await page.waitForFunction((s) => document.querySelector('[data-testid=ir-head]').textContent.startsWith(`Stage ${s}:`), i);
  }

  /** The panel's lines as text (what a student reads), and the node ids the diff marks on each side. */
  const read = (page) => page.evaluate(() => {
    const lines = (sel) => [...document.querySelectorAll(`${sel} .ln`)].map((l) => l.querySelector('.tx').textContent);
    // the core's own text of each line (the English page shows the reference's 标量 / 返回 in English: issue 34)
    const core = (sel) => [...document.querySelectorAll(`${sel} .ln`)].map((l) => l.dataset.text);
    const ids = (side, kinds) => [...document.querySelectorAll(`[data-testid=ir-diff] .ln[data-side=${side}]`)]
      .filter((l) => kinds.includes(l.dataset.change) && l.dataset.nodeId !== undefined).map((l) => Number(l.dataset.nodeId))
      .sort((a, b) => a - b);
    const defs = [...document.querySelectorAll('[data-testid=ir-text] .ln')].map((l) => l.dataset.nodeId ?? null);
    return {
      ir: core('[data-testid=ir-text]'), shown: lines('[data-testid=ir-text]'), code: lines('[data-testid=code-text]'), defs,
      added: ids('new', ['added', 'changed']), removed: ids('old', ['removed', 'changed']),
      diffHead: document.querySelector('[data-testid=ir-diff-head]').textContent,
      codeMsg: document.querySelector('[data-testid=code-msg]').textContent,
    };
  });

  /** Provenance of the step into stage i (CLI result JSON): the node ids a correct diff marks. */
  function expectedMarks(result, i) {
    const prov = result.provenance[i - 1];
    const stages = Object.keys(result.graphs);
    const prevN = result.graphs[stages[i - 1]].nodes.length;
    const added = [];
    const carried = new Set();
    for (const [id, v] of Object.entries(prov.nodes)) {
      if (v.how === 'kept' || v.how === 'merged') carried.add(v.from[0]);
      else added.push(Number(id));
    }
    const removed = [];
    for (let o = 0; o < prevN; o++) if (!carried.has(o)) removed.push(o);
    return { added: added.sort((a, b) => a - b), removed };
  }

  for (const [title, name, hash] of CASES) {
    it(`${title}: IR text = graphlab print, diff = provenance, code = graphlab codegen, at every stage`, async () => {
      const file = caseFile(name, hash);
      const cfile = caseFile(name, hash, { params: true });
      const result = JSON.parse(cli(['case', file, '--compact']));
      const stages = Object.keys(result.graphs);
      expect(stages.length).toBe(7);
      const { page, errors } = await open(hash);
      const pageStages = await page.evaluate(() => window.__graphlab.stageCounts().map((s) => s.name));
      expect(pageStages).toEqual(result.passes.map((p) => p.name));
      let marked = 0;
      for (let i = 0; i < stages.length; i++) {
        await page.click('[data-testid=code-lang-python]');
        await gotoStage(page, i);
        // (the Code panel redraws in Python after the click: read once it says so, not the C text before it)
        await page.waitForFunction((s) => document.querySelector('[data-testid=code-head]').textContent.startsWith(`Stage ${s}:`) &&
          document.querySelector('[data-testid=code-head]').textContent.includes('numpy'), i);
        const r = await read(page);
        const want = cli(['print', file, '--stage', stages[i]]);
        expect(r.ir.join('\n') + '\n', `${name} ${stages[i]}: IR text`).toBe(want);
        // what an English reader sees: the same lines with the reference's two Chinese words in English
        expect(r.shown.join('\n') + '\n', `${name} ${stages[i]}: IR as shown`).toBe(want.replace(/标量/g, 'scalar').replace(/^返回 /m, 'return '));
        // every line that defines a node carries its id; the return line none
        expect(r.defs).toEqual(want.replace(/\n$/, '').split('\n').map((l) => (/^%(\d+)\s/.exec(l) || [null, null])[1]));
        if (i === 0) expect(r.diffHead).toMatch(/no previous stage/);
        else {
          const m = expectedMarks(result, i);
          expect({ added: r.added, removed: r.removed }, `${name} ${stages[i]}: diff marks`).toEqual(m);
          marked += m.added.length + m.removed.length;
        }
        const py = cli(['codegen', file, '--stage', stages[i], '--lang', 'python']);
        await page.waitForFunction((s) => document.querySelector('[data-testid=code-head]').textContent.startsWith(`Stage ${s}:`) &&
          document.querySelector('[data-testid=code-head]').textContent.includes('numpy'), i);
        expect(r.code.join('\n') + '\n', `${name} ${stages[i]}: python`).toBe(py);
        await page.click('[data-testid=code-lang-c]');
        await page.waitForFunction(() => document.querySelector('[data-testid=code-head]').textContent.includes('C program'));
        const c = cli(['codegen', cfile, '--stage', stages[i], '--lang', 'c']);
        const rc = await read(page);
        expect(rc.code.join('\n') + (c.endsWith('\n') ? '\n' : ''), `${name} ${stages[i]}: C`).toBe(c);
      }
      expect(marked).toBeGreaterThan(0);
      // the C program's lines that compute a node carry its id
      const cIds = await page.evaluate(() => [...document.querySelectorAll('[data-testid=code-text] .ln[data-node-id]')]
        .map((l) => [Number(l.dataset.nodeId), l.textContent]));
      expect(cIds.length).toBeGreaterThan(20);
      for (const [id, text] of cIds) expect(text.startsWith(`    T v${id} = `)).toBe(true);
      expect(await page.locator('[data-testid=code-download]').isVisible()).toBe(true);
      expect(await page.locator('[data-testid=code-command]').textContent()).toMatch(/^cc -std=c11 -O2 compiled\.c -lm -o compiled && \.\/compiled/);
      expect(errors, errors.join('\n')).toEqual([]);
      await page.close();
    });
  }

  it('hide passes that changed nothing: the diff is against the previous shown stage; / focuses the search', async () => {
    const hash = '#panels=config.ir&hide=1';
    const file = caseFile('hide', hash);
    const result = JSON.parse(cli(['case', file, '--compact']));
    const names = result.passes.map((p) => p.name);
    const last = names.length - 1;
    // constant_fold and simplify keep every node of this layer as it is (from the CLI's provenance)
    for (const p of ['constant_fold', 'simplify']) {
      const pv = result.provenance[names.indexOf(p) - 1];
      expect(Object.entries(pv.nodes).every(([id, v]) => v.how === 'kept' && v.from.length === 1 && v.from[0] === Number(id))).toBe(true);
    }
    const { page, errors } = await open(hash);
    await gotoStage(page, last);
    const r = await read(page);
    expect(r.diffHead).toMatch(new RegExp(`^vs stage ${names.indexOf('cse')} \\(cse\\)`));
    expect({ added: r.added, removed: r.removed }).toEqual(expectedMarks(result, last));
    // search: "/" focuses it; "rsqrt" marks exactly the rsqrt lines of the text
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement.dataset.testid)).toBe('ir-search');
    await page.keyboard.type('rsqrt');
    const hits = await page.$$eval('[data-testid=ir-text] .ln.match', (ls) => ls.map((l) => Number(l.dataset.nodeId)));
    const want = cli(['print', file, '--stage', names[last]]).split('\n').filter((l) => / = rsqrt\(/.test(l)).map((l) => Number(/^%(\d+)/.exec(l)[1]));
    expect(want.length).toBeGreaterThan(0);
    expect(hits).toEqual(want);
    expect(errors, errors.join('\n')).toEqual([]);
    await page.close();
  });
});
