// zh-scan.test.js — issue 34's zh-CN page scan: the lab opened in Chinese with every panel, its visible text
// collected (text nodes; not inside <code>, <pre>, the editors or translate="no", the HTML attribute for text that
// stays as it is: the core's words, identifiers, stage names), and web/i18n/scan.js asked which words are English
// outside identifiers, units and the checked-in list tests/e2e/zh-allowed.json. Then the same after a switch to
// English and back (the panels relabelled in place).
//
// STRICT: null, the whole page is asserted (a list of containers would narrow it while a panel is being translated).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import fs from 'node:fs';

import { launchLab } from './harness.js';
import { englishWords } from '../../web/i18n/scan.js';
import { PANELS } from '../../web/panels.js';
import { OP_CLASS, CLASSES } from '../../web/ops.js';

// plus the IR's own identifiers: op names and op classes (the core's op table, as the graph's labels show them)
const LISTED = JSON.parse(fs.readFileSync(new URL('./zh-allowed.json', import.meta.url), 'utf8'));
const ALLOWED = { ...LISTED, words: [...LISTED.words, ...Object.keys(OP_CLASS), ...CLASSES] };
const STRICT = null;

// in the page: every visible text node as {text, code, where} (where: the header, a panel's id, the footer …)
function collect() {
  const CODE = 'code, pre, .cm-editor, [translate="no"], script, style';
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.nodeValue;
    const p = n.parentElement;
    if (!p || !text.trim()) continue;
    // an option is seen when its menu opens: it counts while its select is visible
    const shown = p.closest('option') ? p.closest('select') : p;
    if (!shown || !shown.checkVisibility({ visibilityProperty: true })) continue;
    // (the header's lesson menu and presentation controls are their views' own, not the header's)
    const box = p.closest('[data-testid=lesson-menu], [data-testid^=present-], .present-menu, header, #notice, section.panel, #details, footer, dialog, aside');
    const where = !box ? 'body' : box.id || box.getAttribute('data-testid') || (box.classList.contains('present-menu') ? 'present-menu' : box.tagName.toLowerCase());
    out.push({ text, code: !!p.closest(CODE), where });
  }
  return out;
}

/** {where: [English words]} of the page's runs, for the containers that have any. */
function byContainer(runs) {
  const out = {};
  for (const where of new Set(runs.map((r) => r.where))) {
    const words = englishWords(runs.filter((r) => r.where === where), ALLOWED);
    if (words.length) out[where] = words;
  }
  return out;
}

describe('zh-CN: no English word outside code, identifiers and units', () => {
  let lab, page;
  beforeAll(async () => {
    lab = await launchLab();
    page = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${lab.server.url}/#lang=zh&panels=${PANELS.join('.')}`);
    await page.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
    // the lazily drawn parts: the editors, the dynamic demo's tables, the IR text, the verdict line
    await page.waitForFunction(() => document.querySelector('[data-testid=program-editor]').shadowRoot.querySelector('.cm-editor')
      && document.querySelector('[data-testid=pass-editor]').shadowRoot.querySelector('.cm-editor')
      && document.querySelector('[data-testid=dyn-dynamic] table') && document.querySelector('[data-testid=ir-text] .ln')
      && document.querySelector('[data-testid=pass-verdict]').textContent.trim(), null, { timeout: 120000 });
  }, 240000);
  afterAll(async () => { if (lab) await lab.close(); });

  const strictFindings = (found) => Object.fromEntries(Object.entries(found).filter(([w]) => !STRICT || STRICT.includes(w)));

  it('the translated containers (header, config, dynamic, IR, code, program, passes, notices, footer) show none', async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    const runs = (await page.evaluate(collect)).filter((r) => !STRICT || STRICT.includes(r.where));
    expect(new Set(runs.map((r) => r.where)).size).toBeGreaterThanOrEqual(7);   // the scan saw the panels
    expect(byContainer(runs)).toEqual({});
    // the core's step log is said in Chinese, its guards and front ends as code (not left untranslated)
    expect(runs.filter((r) => r.where === 'panel-dynamic' && !r.code && /^第 \d+\u00a0次调用 /.test(r.text)).length).toBeGreaterThanOrEqual(4);
  }, 60000);

  it('the whole page: its findings printed, the translated containers asserted', async () => {
    const found = byContainer(await page.evaluate(collect));
    console.log(`zh-CN scan, the whole page: ${JSON.stringify(found, null, 1)}`);
    expect(strictFindings(found)).toEqual({});
  }, 60000);

  it('a switch to English and back relabels in place: the values stay, no English word comes back', async () => {
    await page.fill('[data-testid=config-d]', '96');
    await page.press('[data-testid=config-d]', 'Enter');
    await page.waitForFunction(() => window.__graphlab.state().cfg.d === 96);
    const editor = (id) => page.evaluate((i) => {
      const c = document.querySelector(`[data-testid=${i}]`).shadowRoot.querySelector('.cm-content');
      return { label: c.getAttribute('aria-label'), text: c.textContent.length };
    }, id);
    const before = [await editor('program-editor'), await editor('pass-editor')];
    expect(before.map((e) => e.label)).toEqual(['程序的 Python 源代码', 'pass 的 Python 源代码']);
    await page.selectOption('[data-testid=lang-switch]', 'en');
    await page.waitForFunction(() => document.querySelector('#h-config .h-text').textContent === 'Config'
      && document.querySelector('label[for=cfg-d]').textContent === 'd (model width)');
    expect(await page.inputValue('[data-testid=config-d]')).toBe('96');
    expect((await editor('program-editor')).label).toBe('the program\'s Python source');
    await page.selectOption('[data-testid=lang-switch]', 'zh');
    await page.waitForFunction(() => document.querySelector('label[for=cfg-d]').textContent === 'd（模型宽度）');
    expect(await page.inputValue('[data-testid=config-d]')).toBe('96');
    expect([await editor('program-editor'), await editor('pass-editor')]).toEqual(before);   // relabelled, the texts kept
    // and the C program's lines (its command, what its inputs file is)
    await page.check('[data-testid=code-lang-c]');
    await page.waitForSelector('[data-testid=code-command]:visible', { timeout: 60000 });
    const runs = (await page.evaluate(collect)).filter((r) => !STRICT || STRICT.includes(r.where));
    expect(runs.some((r) => r.where === 'panel-code' && !r.code && /文件开头列出的各个输入/.test(r.text))).toBe(true);
    expect(byContainer(runs)).toEqual({});
  }, 120000);

  it('an error: the banners and the field error lead in Chinese, the core\'s message kept as it said it', async () => {
    const p2 = await lab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await p2.goto(`${lab.server.url}/#lang=zh&panels=config.ir.code`);
      await p2.waitForFunction(() => document.body.classList.contains('ready'), null, { timeout: 120000 });
      await p2.fill('[data-testid=config-G]', '3');
      await p2.press('[data-testid=config-G]', 'Enter');
      await p2.waitForSelector('[data-testid=config-error]:visible', { timeout: 60000 });
      await p2.waitForSelector('#panel-ir [data-testid=stale-banner]:visible', { timeout: 60000 });
      expect(await p2.textContent('[data-testid=config-error]')).toMatch(/^无法构建此配置：.*G.*（G 字段）$/);
      expect(await p2.textContent('[data-testid=field-error]')).toMatch(/^无法构建：/);
      expect(await p2.textContent('#panel-ir [data-testid=stale-banner]')).toMatch(/^已过期 — 这是为 d=64 H=8 G=2 .*计算的；当前配置无法构建/);
      const runs = (await p2.evaluate(collect)).filter((r) => !STRICT || STRICT.includes(r.where));
      expect(runs.some((r) => r.code && /divisible|multiple/.test(r.text))).toBe(true);   // the core's words, untranslated
      expect(byContainer(runs)).toEqual({});
    } finally {
      await p2.close();
    }
  }, 120000);
});
