// i18n/scan.js — the English words a page shows outside code (issue 34's zh-CN scan). Pure: the e2e suite
// (tests/e2e/zh-scan.test.js) collects the page's text runs, each marked whether it sits in code (<code>, <pre>,
// the editors, translate="no"), and this says which words of the others are English and not on the allowed list
// (tests/e2e/zh-allowed.json: units, product and format names, the course's terms of art kept in English).
//
// Not words: a single letter (a symbol: d, H, x), a token with a digit or an underscore (bf16, pos0, Llama-3-8B,
// match_attention), one with an inner dot (compiled.c), one in camelCase (LayerCfg), a name called with "(" (print(),
// sum()). A word cut by an ellipsis ("RMSN…", a label shortened to fit) is the allowed word it begins. Allowed phrases (e.g. "graph break") are taken out before the words are split.

const TOKEN = /[A-Za-z0-9_]+(?:[.'’-][A-Za-z0-9_]+)*/g;

/** Whether token (found in text at index i) is an identifier or symbol rather than a word. */
function notAWord(token, text, i) {
  if (!/[A-Za-z]/.test(token)) return true;
  if (token.length === 1) return true;
  if (/[0-9_]/.test(token) || /[A-Za-z]\.[A-Za-z]/.test(token)) return true;
  if (/[a-z][A-Z]/.test(token)) return true;
  return text[i + token.length] === '(';
}

/**
 * The English words of runs ([{text, code}]) outside code, not allowed: sorted, each once.
 * allowed: {words: [...], phrases: [...]} (words match whole tokens, case-insensitively; a hyphenated token is
 * allowed when it is, or each of its parts is).
 */
export function englishWords(runs, allowed = {}) {
  const words = new Set((allowed.words || []).map((w) => w.toLowerCase()));
  const phrases = (allowed.phrases || []).map((p) => new RegExp(`\\b${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'));
  const found = new Set();
  for (const run of runs) {
    if (!run || run.code) continue;
    let text = String(run.text);
    for (const re of phrases) text = text.replace(re, ' ');
    for (const m of text.matchAll(TOKEN)) {
      const tok = m[0].replace(/['’]s$/, '');
      if (notAWord(tok, text, m.index)) continue;
      const low = tok.toLowerCase();
      if (words.has(low) || low.split('-').every((p) => words.has(p))) continue;
      // a label cut to fit ("RMSN…"): allowed when an allowed word begins so
      if (text[m.index + m[0].length] === '…' && [...words].some((w) => w.startsWith(low))) continue;
      found.add(tok);
    }
  }
  return [...found].sort();
}
