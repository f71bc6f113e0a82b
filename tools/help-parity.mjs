// help-parity.mjs — the English and Chinese help pages (docs/panels/*.md, docs/panels/zh-CN/*.md) are one page in
// two languages: the same files, and in each pair the same headings (levels, in order), the same figures (in
// order), the same code blocks byte for byte, the same inline code and the same links to other panels' pages.
// Only the words may differ. In the Chinese text a number and its unit are held together by a no-break space
// (U+00A0), so a line never ends between "144" and "MiB", and no ** is left unparsed (CommonMark's flanking rules
// differ around CJK punctuation). Used by tests/web/help-parity.test.js.
import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
// a number, a plain space, a unit: the break the Chinese pages must not allow
const UNIT_BREAK = /\d ((?:[KMGT]i?)?B\b|ms\b|µs\b|ns\b|px\b|dB\b|%|[KMGT]?FLOP|[KMGT]\b|(?:[KMGT]B|GiB)\/s\b|字节|层|位|个|行|次|倍|列|秒|毫秒)/;

/** What a page is made of besides its words: {headings, images, fences, code, links, text}. dir: the page's folder. */
export function pageShape(src, dir) {
  const shape = { headings: [], images: [], fences: [], code: [], links: [], text: [] };
  const tokens = md.parse(src, {});
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open') shape.headings.push(t.tag);
    if (t.type === 'fence' || t.type === 'code_block') shape.fences.push(t.content);
    for (const c of t.children || []) {
      if (c.type === 'image') shape.images.push(path.resolve(dir, c.attrGet('src') || ''));
      if (c.type === 'code_inline') shape.code.push(c.content);
      if (c.type === 'text') shape.text.push(c.content);
      if (c.type === 'link_open') {
        const m = /^([a-z0-9_-]+)\.md(#.*)?$/i.exec(c.attrGet('href') || '');
        if (m) shape.links.push(m[1]);
      }
    }
  }
  shape.code.sort();
  shape.links = [...new Set(shape.links)].sort();
  return shape;
}

const names = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.md')).sort() : []);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Every way docsDir's English and Chinese pages differ in more than their words, as sentences ([] when none). */
export function parityProblems(docsDir, zhSub = 'zh-CN') {
  const zhDir = path.join(docsDir, zhSub);
  const en = names(docsDir), zh = names(zhDir);
  const problems = [];
  for (const f of en) if (!zh.includes(f)) problems.push(`${zhSub}/${f} is missing (${f} has no Chinese page)`);
  for (const f of zh) if (!en.includes(f)) problems.push(`${f} is missing (${zhSub}/${f} has no English page)`);
  for (const f of en.filter((x) => zh.includes(x))) {
    const a = pageShape(fs.readFileSync(path.join(docsDir, f), 'utf8'), docsDir);
    const b = pageShape(fs.readFileSync(path.join(zhDir, f), 'utf8'), zhDir);
    if (!same(a.headings, b.headings)) problems.push(`${f}: headings ${a.headings.join(' ')} in English, ${b.headings.join(' ')} in Chinese`);
    if (!same(a.images, b.images)) problems.push(`${f}: images ${a.images.length} in English, ${b.images.length} in Chinese${a.images.length === b.images.length ? ' (other files or order)' : ''}`);
    if (!same(a.fences, b.fences)) problems.push(`${f}: the code blocks differ`);
    if (!same(a.code, b.code)) {
      const only = (x, y) => x.filter((c) => !y.includes(c));
      problems.push(`${f}: inline code differs (English only: ${JSON.stringify(only(a.code, b.code))}; Chinese only: ${JSON.stringify(only(b.code, a.code))}; counts ${a.code.length}/${b.code.length})`);
    }
    if (!same(a.links, b.links)) problems.push(`${f}: links to ${a.links.join(',')} in English, ${b.links.join(',')} in Chinese`);
    for (const s of b.text) {
      // CommonMark does not close ** after punctuation before a letter (**说明。**后文): the stars would show
      if (/\*\*/.test(s)) problems.push(`${zhSub}/${f}: ** shown as text near "${s.slice(Math.max(0, s.indexOf('**') - 8), s.indexOf('**') + 10).trim()}"`);
      const m = UNIT_BREAK.exec(s);
      if (m) problems.push(`${zhSub}/${f}: a plain space between a number and its unit ("${s.slice(Math.max(0, m.index - 8), m.index + m[0].length).trim()}"): use U+00A0`);
    }
  }
  return problems;
}
