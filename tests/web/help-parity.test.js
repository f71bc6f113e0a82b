// tools/help-parity.mjs: every help page in English (docs/panels/*.md) has its Chinese page (docs/panels/zh-CN/)
// and back, and each pair has the same headings, figures, code and panel links: only the words differ. Checked
// on the repository's pages, and on made-up folders to show each difference is caught.
import { describe, it, expect, afterAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageShape, parityProblems } from '../../tools/help-parity.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = path.join(REPO, 'docs', 'panels');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'help-parity-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A docs/panels folder of {file: text} in English and Chinese. */
function folder(name, en, zh) {
  const dir = path.join(tmp, name, 'panels');
  fs.mkdirSync(path.join(dir, 'zh-CN'), { recursive: true });
  for (const [f, s] of Object.entries(en)) fs.writeFileSync(path.join(dir, f), s);
  for (const [f, s] of Object.entries(zh)) fs.writeFileSync(path.join(dir, 'zh-CN', f), s);
  return dir;
}
const EN = '# Memory\n\n## Peak\n\nThe `peak` is 144 MiB. See [kernels](kernels.md).\n\n![plan](../img/memory.png)\n\n```\nx = 1\n```\n';
const ZH = '# 内存\n\n## 峰值\n\n`peak` 为 144\u00a0MiB。见 [内核](kernels.md)。\n\n![方案](../../img/memory.png)\n\n```\nx = 1\n```\n';

describe('help pages in two languages', () => {
  it('docs/panels and docs/panels/zh-CN: the same pages, each pair the same but for its words', () => {
    expect(fs.readdirSync(path.join(DOCS, 'zh-CN')).filter((f) => f.endsWith('.md')).length).toBe(10);
    expect(parityProblems(DOCS)).toEqual([]);
  });

  it('every Chinese page is Chinese: its title and most of its text', () => {
    for (const f of fs.readdirSync(path.join(DOCS, 'zh-CN')).filter((x) => x.endsWith('.md'))) {
      const src = fs.readFileSync(path.join(DOCS, 'zh-CN', f), 'utf8');
      expect(/^# (.*)$/m.exec(src)[1], f).toMatch(/[\u4e00-\u9fff]/);
      const prose = pageShape(src, DOCS).text.join('');
      expect((prose.match(/[\u4e00-\u9fff]/g) || []).length / prose.length, f).toBeGreaterThan(0.3);
    }
  });

  it('a pair that differs only in words passes; its figures resolve to the same file from either folder', () => {
    const dir = folder('ok', { 'memory.md': EN }, { 'memory.md': ZH });
    expect(parityProblems(dir)).toEqual([]);
    expect(pageShape(ZH, path.join(dir, 'zh-CN')).images).toEqual([path.join(tmp, 'ok', 'img', 'memory.png')]);
  });

  it('a page missing in either language is named', () => {
    const dir = folder('missing', { 'memory.md': EN, 'graph.md': '# Graph\n' }, { 'memory.md': ZH, 'ir.md': '# IR\n' });
    expect(parityProblems(dir)).toEqual(['zh-CN/graph.md is missing (graph.md has no Chinese page)', 'ir.md is missing (zh-CN/ir.md has no English page)']);
  });

  it('a heading, an image, code or a link more or less in one language is named', () => {
    const dir = folder('shape', { 'memory.md': EN }, { 'memory.md': `${ZH}\n## 又一节\n\n![另一张](../../img/memory.png)\n\n\`extra\` 见 [图](graph.md)。\n` });
    expect(parityProblems(dir)).toEqual([
      'memory.md: headings h1 h2 in English, h1 h2 h2 in Chinese',
      'memory.md: images 1 in English, 2 in Chinese',
      'memory.md: inline code differs (English only: []; Chinese only: ["extra"]; counts 1/2)',
      'memory.md: links to kernels in English, graph,kernels in Chinese',
    ]);
  });

  it('a changed code block, another figure, a number split from its unit, stars left as text are named', () => {
    const zh = ZH.replace('x = 1', 'x = 2').replace('memory.png', 'graph.png').replace('144\u00a0MiB', '144 MiB').replace('## 峰值', '## 峰值\n\n**峰值。**之后');
    expect(parityProblems(folder('words', { 'memory.md': EN }, { 'memory.md': zh }))).toEqual([
      'memory.md: images 1 in English, 1 in Chinese (other files or order)',
      'memory.md: the code blocks differ',
      'zh-CN/memory.md: ** shown as text near "**峰值。**之后"',
      'zh-CN/memory.md: a plain space between a number and its unit ("为 144 MiB"): use U+00A0',
    ]);
  });
});
