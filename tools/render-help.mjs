// render-help.mjs — docs/panels/*.md (English) and docs/panels/zh-CN/*.md (Chinese: the same pages, the same
// figures) → the lab's help pages, at build time (tools/build-web.mjs).
//
// markdown-it parses with raw HTML disabled (markup in a .md file stays text), and its tokens are turned into a
// plain tree of whitelisted elements — [tag, {attrs}, ...children], text as strings — that web/help.js builds
// with createElement/textContent. So the page never parses markup (no innerHTML; the CSP is untouched), and
// the whitelist is the sanitiser: no tag or attribute outside it can come through, whatever the .md says.
// Images (docs/img) are inlined as data: URIs so the pages work from the served lab and from the
// single-file dist (img-src data: in both CSPs), each file once in the module however many pages show it. Links to other panels' pages become in-dialog buttons;
// http(s) links open in a new tab; other relative links (../LAB.md) are shown as their text.
import fs from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';

const TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  'code', 'pre', 'em', 'strong', 's', 'blockquote', 'hr', 'br', 'a', 'img', 'button', 'span']);

/** The tree of one page: {title, tree}. docDir: the .md's folder (images resolve from it); pages: known panel
 *  names; imgDir: the only folder images may come from (docs/img, beside docs/panels). */
export function renderPage(src, docDir, pages, imgDir = path.resolve(docDir, '..', 'img')) {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  const tokens = md.parse(src, {});
  const root = ['div', {}];
  const stack = [root];
  const top = () => stack[stack.length - 1];
  let title = '';

  const linkNode = (href) => {
    const m = /^([a-z0-9_-]+)\.md(#.*)?$/i.exec(href);
    if (m && pages.includes(m[1])) return ['button', { type: 'button', class: 'help-link', 'data-help': m[1] }];
    if (/^https?:\/\//i.test(href)) return ['a', { href, target: '_blank', rel: 'noopener noreferrer' }];
    return ['span', { class: 'help-ref', title: href }];
  };
  const image = (t) => {
    const src = t.attrGet('src') || '';
    const alt = t.children ? t.children.map((c) => c.content).join('') : t.content;
    const file = path.resolve(docDir, src);
    const inImg = file.startsWith(path.resolve(imgDir) + path.sep);     // docs/img only
    if (/^[a-z]+:/i.test(src) || !inImg || !/\.png$/i.test(file) || !fs.existsSync(file)) return ['span', { class: 'help-ref' }, `[image: ${alt}]`];
    return ['img', { src: `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`, alt }];
  };

  function inline(children) {
    for (const [i, t] of children.entries()) {
      if (t.nesting === 1) {
        const node = t.type === 'link_open' ? linkNode(t.attrGet('href') || '') : [t.tag, {}];
        top().push(node);
        stack.push(node);
      } else if (t.nesting === -1) stack.pop();
      else if (t.type === 'text') top().push(t.content);
      else if (t.type === 'code_inline') top().push(['code', {}, t.content]);
      else if (t.type === 'softbreak') { if (lineJoin(children, i)) top().push(' '); }
      else if (t.type === 'hardbreak') top().push(['br', {}]);
      else if (t.type === 'image') top().push(image(t));
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.type === 'heading_open' && t.tag === 'h1' && !title) title = tokens[i + 1].children.map((c) => c.content).join('');
    if (t.hidden) continue;                        // paragraphs of tight lists: their text goes into the <li>
    if (t.nesting === 1) {
      const node = [t.tag, {}];
      top().push(node);
      stack.push(node);
    } else if (t.nesting === -1) stack.pop();
    else if (t.type === 'inline') inline(t.children || []);
    else if (t.type === 'fence' || t.type === 'code_block') top().push(['pre', {}, ['code', {}, t.content.replace(/\n$/, '')]]);
    else if (t.type === 'hr') top().push(['hr', {}]);
  }
  for (const n of walk(root)) if (!TAGS.has(n[0]) && n !== root) throw new Error(`render-help: tag <${n[0]}> is not whitelisted`);
  return { title, tree: root.slice(2) };
}

// A line break inside a paragraph is a space in English; between two Chinese characters, or next to Chinese
// punctuation, it is nothing (Chinese has no spaces between words; browsers do not drop the space themselves).
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
const CJK_PUNCT = /[\u3000-\u303f\uff00-\uffef]/;          // 。，：；（）《》 and the fullwidth forms
const SHARED = /[\u2014\u2026\u2018\u2019\u201c\u201d]/;       // — … ‘ ’ “ ”: Chinese beside Chinese, English beside English
const cjk = (c) => HAN.test(c) || CJK_PUNCT.test(c);
// the character beside children[i], looking past emphasis and link marks (** and [ carry no text)
function edgeChar(children, i, step) {
  for (let j = i + step; j >= 0 && j < children.length; j += step) {
    const t = children[j];
    if (t.nesting !== 0) continue;
    if (t.type !== 'text' && t.type !== 'code_inline') return '';
    if (t.content) return step < 0 ? t.content[t.content.length - 1] : t.content[0];
  }
  return '';
}
/** What the line break children[i] (a softbreak) becomes: ' ' or ''. */
export function lineJoin(children, i) {
  const a = edgeChar(children, i, -1), b = edgeChar(children, i, 1);
  if ((HAN.test(a) && HAN.test(b)) || CJK_PUNCT.test(a) || CJK_PUNCT.test(b)) return '';
  if ((cjk(a) && SHARED.test(b)) || (SHARED.test(a) && cjk(b))) return '';
  return ' ';
}

function* walk(n) {
  yield n;
  for (const c of n.slice(2)) if (Array.isArray(c)) yield* walk(c);
}

export const LANG_DIRS = { en: '.', zh: 'zh-CN' };   // the lab's languages (web/i18n/i18n.js LANGS) → their folder

const pageNames = (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort() : []);

/** Every page of docsDir in every language: {en: {config: {title, tree}, ...}, zh: {...}}. A language's page
 *  links to its own language's pages; its images come from docs/img whichever folder it is in. */
export function helpPages(docsDir) {
  const imgDir = path.resolve(docsDir, '..', 'img');
  const out = {};
  for (const [lang, sub] of Object.entries(LANG_DIRS)) {
    const dir = path.join(docsDir, sub);
    const names = pageNames(dir);
    out[lang] = {};
    for (const name of names) out[lang][name] = renderPage(fs.readFileSync(path.join(dir, `${name}.md`), 'utf8'), dir, names, imgDir);
  }
  return out;
}

/** The ES module text of helpPages(docsDir): `export default {en: {...}, zh: {...}}`. A figure both languages
 *  show is one data: URI in a constant (the pages hold ~4 MB of PNG: twice would double the single-file dist). */
export function helpModule(docsDir) {
  const uris = [];
  const json = JSON.stringify(helpPages(docsDir)).replace(/"src":"(data:image\/png;base64,[A-Za-z0-9+/=]+)"/g, (_, uri) => {
    let i = uris.indexOf(uri);
    if (i < 0) i = uris.push(uri) - 1;
    return `"src":IMG[${i}]`;
  });
  return `// generated by tools/render-help.mjs from docs/panels/*.md and docs/panels/zh-CN/*.md — do not edit\n`
    + `const IMG = ${JSON.stringify(uris)};\nexport default ${json};\n`;
}
