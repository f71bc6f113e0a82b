// tools/render-help.mjs: docs/panels/*.md → the help pages' element trees. Markup in a .md file stays text,
// dangerous links are not links, only whitelisted tags and attributes come out, images are inlined from
// docs/img only (from docs/panels/zh-CN too), links to other panels' pages become in-dialog buttons, and the
// module holds both languages with each figure once.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage, helpModule, helpPages } from '../../tools/render-help.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = path.join(REPO, 'docs', 'panels');
const TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'code', 'pre', 'em', 'strong', 's', 'blockquote', 'hr', 'br', 'a', 'img', 'button', 'span']);

function* nodes(tree) {
  for (const n of tree) {
    if (!Array.isArray(n)) continue;
    yield n;
    yield* nodes(n.slice(2));
  }
}
const text = (tree) => tree.map((n) => (typeof n === 'string' ? n : text(n.slice(2)))).join('');

describe('render-help', () => {
  it('raw HTML in a page is text, not elements', () => {
    const { tree } = renderPage('# T\n\n<script>alert(1)</script>\n\nx <img src=x onerror=alert(1)> y\n', DOCS, []);
    const tags = [...nodes(tree)].map((n) => n[0]);
    expect(tags).toEqual(['h1', 'p', 'p']);
    expect(text(tree)).toContain('<script>alert(1)</script>');
    expect(text(tree)).toContain('<img src=x onerror=alert(1)>');
  });

  it('javascript:, data: and file links are not links; http(s) opens a new tab; panel pages are buttons', () => {
    const { tree } = renderPage('[a](javascript:alert(1)) [b](data:text/html,x) [c](../LAB.md) [d](https://example.org/x) [e](memory.md#peak)', DOCS, ['memory']);
    const all = [...nodes(tree)];
    expect(all.filter((n) => n[0] === 'a').map((n) => n[1])).toEqual([{ href: 'https://example.org/x', target: '_blank', rel: 'noopener noreferrer' }]);
    expect(all.filter((n) => n[0] === 'button').map((n) => n[1])).toEqual([{ type: 'button', class: 'help-link', 'data-help': 'memory' }]);
    // markdown-it refuses the dangerous ones: they stay as their text, in no attribute
    expect(JSON.stringify(all.map((n) => n[1]))).not.toMatch(/javascript:|data:text/);
    expect(text(tree)).toContain('[a](javascript:alert(1))');
  });

  it('images come only from PNG files that exist, inlined as data: URIs', () => {
    const { tree } = renderPage('![ok](../img/config-1280.png) ![no](../../package.json) ![gone](../img/nope.png) ![web](https://x.org/a.png)', DOCS, []);
    const imgs = [...nodes(tree)].filter((n) => n[0] === 'img');
    expect(imgs).toHaveLength(1);
    expect(imgs[0][1].alt).toBe('ok');
    expect(imgs[0][1].src).toBe(`data:image/png;base64,${fs.readFileSync(path.join(REPO, 'docs', 'img', 'config-1280.png')).toString('base64')}`);
    expect(text(tree)).toContain('[image: no]');
  });

  it('a PNG outside docs/img is not inlined, even when it exists', () => {
    const tmp = fs.mkdtempSync(path.join(REPO, 'build', 'render-help-'));
    try {
      for (const d of ['panels', 'img', 'other']) fs.mkdirSync(path.join(tmp, d));
      const png = fs.readFileSync(path.join(REPO, 'docs', 'img', 'config-1280.png'));
      fs.writeFileSync(path.join(tmp, 'img', 'a.png'), png);
      fs.writeFileSync(path.join(tmp, 'other', 'b.png'), png);
      const { tree } = renderPage('![in](../img/a.png) ![out](../other/b.png) ![sneaky](../img/../other/b.png)', path.join(tmp, 'panels'), []);
      expect([...nodes(tree)].filter((n) => n[0] === 'img').map((n) => n[1].alt)).toEqual(['in']);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('a line break in a paragraph: a space in English and between Chinese and Latin, nothing inside Chinese', () => {
    const { tree } = renderPage('# T\n\nwritten\nback, then —\nmore\n\n写回。\n在 HBM 与\n芯片\nabc 和\n**粗体**“引号”\n中文\n`x`\n', DOCS, []);
    expect(text(tree)).toBe('Twritten back, then — more写回。在 HBM 与芯片 abc 和粗体“引号”中文 x');
  });

  it('every page of docs/panels and docs/panels/zh-CN: a title, only whitelisted tags, attributes from a closed set', () => {
    const pages = helpPages(DOCS);
    const md = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
    expect(Object.keys(pages)).toEqual(['en', 'zh']);
    expect(Object.keys(pages.en).sort()).toEqual(md(DOCS));
    expect(Object.keys(pages.zh).sort()).toEqual(md(path.join(DOCS, 'zh-CN')));
    for (const [lang, byName] of Object.entries(pages)) {
      for (const [name, page] of Object.entries(byName)) {
        expect(page.title.length, name).toBeGreaterThan(1);
        for (const n of nodes(page.tree)) {
          expect(TAGS.has(n[0]), `${lang} ${name}: <${n[0]}>`).toBe(true);
          for (const k of Object.keys(n[1])) expect(['href', 'target', 'rel', 'src', 'alt', 'title', 'class', 'data-help', 'type'], `${name}: ${k}`).toContain(k);
        }
      }
    }
    // a Chinese page's figures (../../img/) are the English page's, inlined from docs/img
    const srcs = (tree) => [...nodes(tree)].filter((n) => n[0] === 'img').map((n) => n[1].src);
    expect(srcs(pages.zh.memory.tree)).toEqual(srcs(pages.en.memory.tree));
    expect(srcs(pages.zh.memory.tree).length).toBe(2);   // memory.png, memory-1280.png
    for (const s of srcs(pages.zh.memory.tree)) expect(s).toMatch(/^data:image\/png;base64,/);
    expect(pages.zh.memory.title).toMatch(/[\u4e00-\u9fff]/);
  });

  it('the module: both languages, each figure once (a constant both pages refer to)', async () => {
    const tmp = fs.mkdtempSync(path.join(REPO, 'build', 'render-help-'));
    try {
      for (const d of ['panels/zh-CN', 'img']) fs.mkdirSync(path.join(tmp, d), { recursive: true });
      fs.copyFileSync(path.join(REPO, 'docs', 'img', 'config-1280.png'), path.join(tmp, 'img', 'a.png'));
      fs.writeFileSync(path.join(tmp, 'panels', 'memory.md'), '# Memory\n\n![plan](../img/a.png) ![again](../img/a.png)\n');
      fs.writeFileSync(path.join(tmp, 'panels', 'zh-CN', 'memory.md'), '# 内存\n\n![方案](../../img/a.png) ![再一次](../../img/a.png)\n');
      const src = helpModule(path.join(tmp, 'panels'));
      const b64 = fs.readFileSync(path.join(tmp, 'img', 'a.png')).toString('base64');
      expect(src.split(b64).length - 1).toBe(1);
      const file = path.join(tmp, 'help-pages.mjs');
      fs.writeFileSync(file, src);
      const { default: pages } = await import(file);
      expect(pages.zh.memory.title).toBe('内存');
      expect(pages.en.memory.title).toBe('Memory');
      const imgs = [...nodes(pages.zh.memory.tree), ...nodes(pages.en.memory.tree)].filter((n) => n[0] === 'img');
      expect(imgs.map((n) => n[1].alt)).toEqual(['方案', '再一次', 'plan', 'again']);
      for (const n of imgs) expect(n[1].src).toBe(`data:image/png;base64,${b64}`);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
