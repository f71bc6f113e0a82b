// views/graph/export.js — the drawn graph and its caption as a self-contained SVG (and a PNG of it) for
// slides. Self-contained: every style the page's stylesheet gives an element is written on it as a
// presentation attribute (fill, stroke, font-…), the arrow marker comes along, the zoom is dropped (the
// drawing at layout scale). Built in a separate XML document, so the page's CSP (no inline styles) never
// sees it, and saved as a download (data: image for the PNG: the CSPs allow img-src data:).
import { t } from '../../i18n/i18n.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-opacity', 'opacity',
  'font-family', 'font-size', 'font-weight', 'font-style'];
const CAPTION_FS = 18;

function copyStyles(src, dst) {
  if (src.nodeType !== 1) return;
  const cs = getComputedStyle(src);
  for (const p of PROPS) {
    const v = cs.getPropertyValue(p);
    if (v && v !== 'normal' && !(p === 'stroke-dasharray' && v === 'none')) dst.setAttribute(p, v);
  }
  // the page dims with a CSS filter; an opacity says the same in every SVG reader
  const f = cs.getPropertyValue('filter');
  const m = /opacity\(([0-9.]+)\)/.exec(f || '');
  if (m) dst.setAttribute('opacity', m[1]);
  dst.removeAttribute('style');
  const a = src.children, b = dst.children;
  for (let i = 0; i < a.length && i < b.length; i++) copyStyles(a[i], b[i]);
}

const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
/** Wraps text into lines of at most n characters (at spaces); Chinese text by its width (wrapCjk). */
function wrap(text, n) {
  if (CJK.test(String(text))) return wrapCjk(String(text), n);
  const out = [];
  let line = '';
  for (const w of String(text).split(/\s+/)) {
    if (line && line.length + 1 + w.length > n) { out.push(line); line = w; } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out;
}

// A CJK character is two columns wide, and a line may end after any of them; a space ends a line too, a
// no-break space never (a number and its unit stay on one line).
const cols = (ch) => (CJK.test(ch) ? 2 : 1);
function wrapCjk(text, n) {
  const out = [];
  let line = '', w = 0, cut = -1;   // cut: where the line may end (after a CJK character or at a space)
  for (const ch of text) {
    if (!line && ch === ' ') continue;
    line += ch;
    w += cols(ch);
    if (ch === ' ' || CJK.test(ch)) cut = line.length;
    if (w > n && cut > 0) {
      out.push(line.slice(0, cut).trimEnd());
      line = line.slice(cut).trimStart();
      w = [...line].reduce((a, c) => a + cols(c), 0);
      cut = -1;
    }
  }
  if (line.trim()) out.push(line.trimEnd());
  return out;
}

/**
 * The SVG text of the drawing: svg (the page's <svg>, for its <defs> and background), root (the zoomed <g>),
 * width × height (the drawing at layout scale), caption: lines of text put above it.
 */
export function exportSvg(svg, root, { width, height, caption = [] }) {
  const doc = document.implementation.createDocument(SVG_NS, 'svg', null);
  const out = doc.documentElement;
  const W = Math.ceil(Math.max(width, 400));
  const lines = caption.flatMap((c, i) => wrap(c, Math.max(40, Math.floor(W / (CAPTION_FS * 0.56)))).map((t) => ({ t, first: i === 0 })));
  const capH = lines.length ? lines.length * CAPTION_FS * 1.35 + 14 : 0;
  const H = Math.ceil(height + capH);
  out.setAttribute('xmlns', SVG_NS);
  out.setAttribute('width', W);
  out.setAttribute('height', H);
  out.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const bg = getComputedStyle(svg.parentNode).backgroundColor || '#ffffff';
  const ink = getComputedStyle(svg.parentNode).color || '#000000';
  const rect = doc.createElementNS(SVG_NS, 'rect');
  rect.setAttribute('width', W);
  rect.setAttribute('height', H);
  rect.setAttribute('fill', bg === 'rgba(0, 0, 0, 0)' ? '#ffffff' : bg);
  out.append(rect);
  const defs = svg.querySelector('defs');
  if (defs) {
    const d = doc.importNode(defs, true);
    copyStyles(defs, d);
    out.append(d);
  }
  lines.forEach(({ t, first }, i) => {
    const tx = doc.createElementNS(SVG_NS, 'text');
    tx.setAttribute('x', 12);
    tx.setAttribute('y', 10 + (i + 1) * CAPTION_FS * 1.35 - 4);
    tx.setAttribute('font-family', 'DejaVu Sans, Helvetica, Arial, Noto Sans CJK SC, sans-serif');
    tx.setAttribute('font-size', CAPTION_FS);
    tx.setAttribute('font-weight', first ? '700' : '400');
    tx.setAttribute('fill', ink);
    tx.setAttribute('class', 'caption');
    tx.textContent = t;
    out.append(tx);
  });
  const g = doc.importNode(root, true);
  copyStyles(root, g);
  g.setAttribute('transform', `translate(0,${capH})`);
  out.append(g);
  return new XMLSerializer().serializeToString(doc);
}

function save(href, name) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
}

export function downloadSvg(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  save(url, `${name}.svg`);
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** Renders the SVG at 2× into a canvas and saves it as PNG. Resolves when the download has started. */
export function downloadPng(text, name, scale = 2) {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => {
      const c = document.createElement('canvas');
      c.width = Math.ceil(img.width * scale);
      c.height = Math.ceil(img.height * scale);
      const g = c.getContext('2d');
      g.scale(scale, scale);
      g.drawImage(img, 0, 0);
      c.toBlob((blob) => {
        if (!blob) { reject(new Error(t('graph.export.nopng'))); return; }
        const url = URL.createObjectURL(blob);
        save(url, `${name}.png`);
        setTimeout(() => URL.revokeObjectURL(url), 10000);
        resolve();
      }, 'image/png');
    };
    img.onerror = () => reject(new Error(t('graph.export.nosvg')));
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}`;
  });
}
