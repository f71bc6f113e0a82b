// i18n.js — the lab's words in English and Chinese: one catalogue per language (en.js, zh-CN.js, the same
// keys), t(key, vars) to look one up, and the language the page shows.
//
// A message is a string with {name} placeholders and, where a count changes the words, an ICU-style plural
// "{n, plural, one {# line} other {# lines}}" whose category comes from the browser's Intl.PluralRules (Chinese
// has only `other`). That is the whole of the message format the lab needs, so it is these thirty lines rather
// than a library: the i18n libraries that fit the page's CSP and single-file build (no eval, no fetch of
// catalogues) bring a full ICU parser for the same two constructs.
//
// The language: the link's `lang` (state.js PROPS), else the reader's last choice (localStorage), else the
// browser's (navigator.languages: zh* → zh). Numbers, units, code and the core's text stay as they are.
import en from './en.js';
import zh from './zh-CN.js';

export const LANGS = ['zh', 'en'];
export const CATALOGS = { en, zh };
const STORE_KEY = 'graphlab.lang';
const HTML_LANG = { en: 'en', zh: 'zh-CN' };

let current = 'en';

/** The language to show: the state's, the stored choice, the browser's. */
export function detectLang(stateLang, stored, languages = []) {
  if (LANGS.includes(stateLang)) return stateLang;
  if (LANGS.includes(stored)) return stored;
  for (const l of languages || []) {
    if (/^zh\b/i.test(l)) return 'zh';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
}

export function storedLang() {
  try { return globalThis.localStorage ? globalThis.localStorage.getItem(STORE_KEY) : null; } catch { return null; }
}

/** Shows lang from now on; remember: keep it for the next visit. Returns whether it changed. */
export function setLang(lang, { remember = false } = {}) {
  if (!LANGS.includes(lang)) throw new Error(`unknown language ${JSON.stringify(lang)} (zh, en)`);
  if (remember) {
    try { if (globalThis.localStorage) globalThis.localStorage.setItem(STORE_KEY, lang); } catch { /* private mode */ }
  }
  if (globalThis.document) globalThis.document.documentElement.lang = HTML_LANG[lang];
  const changed = lang !== current;
  current = lang;
  return changed;
}

export const lang = () => current;

/** The message `key` in the current language (or `in`), its placeholders filled from vars. */
export function t(key, vars = {}, { in: which = current } = {}) {
  const msg = CATALOGS[which][key];
  if (msg === undefined) throw new Error(`i18n: no message "${key}" in ${which}`);
  return format(msg, vars, which);
}

const PLURAL = /\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g;
/** Fills {name} and {name, plural, cat {…}} (with # for the number) from vars. */
export function format(msg, vars, which = current) {
  const rules = new Intl.PluralRules(HTML_LANG[which]);
  return msg.replace(PLURAL, (_, name, arms) => {
    const n = vars[name];
    const forms = Object.fromEntries([...arms.matchAll(/(\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]));
    const form = forms[rules.select(n)] ?? forms.other;
    return form.replace(/#/g, String(n));
  }).replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** The placeholders a message uses ({name} and plural arguments), sorted: both catalogues must agree. */
export function placeholders(msg) {
  const names = new Set();
  for (const m of msg.matchAll(/\{(\w+)(?:,|\})/g)) names.add(m[1]);
  return [...names].sort();
}

/** The IR text as the page shows it: the reference prints Chinese words (标量, 返回); the English page says them
 *  in English. Only the display changes: search and selection read the core's text. */
export function irDisplay(text, which = current) {
  if (which === 'zh') return text;
  return text.replace(/标量/g, t('ir.scalar', {}, { in: which })).replace(/^返回(?= )/, t('ir.return', {}, { in: which }));
}
