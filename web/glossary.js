// glossary.js — one-line descriptions of the lab's words (passes, kernel kinds, the columns' jargon), shown on
// hover (title) and to screen readers (aria-describedby → one hidden element per term). Every view takes its
// explanations from here, so a word reads the same in every panel. The words themselves are in the catalogues
// (web/i18n/en/glossary.js, zh-CN/glossary.js: keys `glossary.<term>`), in the page's language.
import { CATALOGS, lang, t } from './i18n/i18n.js';

const PREFIX = 'glossary.';
/** The English descriptions, {term: text} (the terms the glossary knows; tests compare with them). */
export const GLOSSARY = Object.fromEntries(Object.entries(CATALOGS.en)
  .filter(([k]) => k.startsWith(PREFIX)).map(([k, v]) => [k.slice(PREFIX.length), v]));

/** The one-liner for a term in the page's language (or `which`), or '' when there is none. */
export function describe(term, which = lang()) {
  return Object.prototype.hasOwnProperty.call(GLOSSARY, term) ? t(PREFIX + term, {}, { in: which }) : '';
}

const idOf = (term) => `gloss-${term.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;

/**
 * Gives node the term's description on hover (title) and to assistive technology (aria-describedby, pointing at
 * one visually hidden element per term, made once per document). Returns node; a term without a description
 * leaves it as it was.
 */
export function explain(node, term) {
  const text = describe(term);
  if (!text || !node) return node;
  node.setAttribute('title', `${term}: ${text}`);
  const doc = node.ownerDocument;
  const id = idOf(term);
  const made = doc && doc.getElementById(id);
  // one element per term: a view drawn after a language switch brings the term's words in the new language
  if (made && made.textContent !== text) made.textContent = text;
  if (doc && !made) {
    const d = doc.createElement('span');
    d.id = id;
    d.className = 'sr-only';
    d.textContent = text;
    // inside one landmark (a page's content all in landmarks: axe's region rule)
    let box = doc.getElementById('glossary-terms');
    if (!box) {
      box = doc.createElement('aside');
      box.id = 'glossary-terms';
      box.className = 'sr-only';
      doc.body.append(box);
    }
    box.append(d);
  }
  const box = doc && doc.getElementById('glossary-terms');
  if (box && box.getAttribute('aria-label') !== t('help.glossary')) box.setAttribute('aria-label', t('help.glossary'));
  node.setAttribute('aria-describedby', id);
  return node;
}
