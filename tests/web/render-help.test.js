// tools/render-help.mjs: docs/panels/*.md → the help pages' element trees. Markup in a .md file stays text,
// dangerous links are not links, only whitelisted tags and attributes come out, images are inlined from
// docs/img only, and links to other panels' pages become in-dialog buttons.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPage, helpModule } from '../../tools/render-help.mjs';

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

  it('every page of docs/panels: a title, only whitelisted tags, attributes from a closed set', () => {
    const src = helpModule(DOCS);
    const pages = JSON.parse(src.slice(src.indexOf('{'), src.lastIndexOf(';')));
    expect(Object.keys(pages).sort()).toEqual(fs.readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort());
    for (const [name, page] of Object.entries(pages)) {
      expect(page.title.length, name).toBeGreaterThan(3);
      for (const n of nodes(page.tree)) {
        expect(TAGS.has(n[0]), `${name}: <${n[0]}>`).toBe(true);
        for (const k of Object.keys(n[1])) expect(['href', 'target', 'rel', 'src', 'alt', 'title', 'class', 'data-help', 'type'], `${name}: ${k}`).toContain(k);
      }
    }
  });
});
