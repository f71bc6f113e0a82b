// lessons/text.js — the Markdown subset of a lesson's narration, parsed into plain records the player
// renders with createElement / textContent (no markup is ever parsed in the page: the CSP and the no-sinks
// rule stay as they are).
//   blank line      a new paragraph
//   "- " lines      a bulleted list
//   **strong**      strong text
//   `code`          code (an op, a pass, a shape)
// Anything else is text as it is (a lone * stays a *). An unclosed ** or ` is an error, so a typo shows up
// in validation, not on the projector; so is *emphasis*, which the subset does not have. Pure module.

export class TextError extends Error {}

/** "**a** `b` c" → [{t: 'strong', v: 'a'}, {t: 'text', v: ' '}, {t: 'code', v: 'b'}, {t: 'text', v: ' c'}] */
export function parseInline(s) {
  const out = [];
  let i = 0, buf = '';
  const flush = () => { if (buf) out.push({ t: 'text', v: buf }); buf = ''; };
  while (i < s.length) {
    if (s[i] === '`') {
      const j = s.indexOf('`', i + 1);
      if (j < 0) throw new TextError(`an unclosed \` at ${i + 1}`);
      if (j === i + 1) throw new TextError(`empty \`\` at ${i + 1}`);
      flush();
      out.push({ t: 'code', v: s.slice(i + 1, j) });
      i = j + 1;
    } else if (s.startsWith('**', i)) {
      const j = s.indexOf('**', i + 2);
      if (j < 0) throw new TextError(`an unclosed ** at ${i + 1}`);
      const inner = s.slice(i + 2, j);
      if (!inner.trim() || inner.includes('`')) throw new TextError(`bad **…** at ${i + 1}`);
      flush();
      out.push({ t: 'strong', v: inner });
      i = j + 2;
    } else {
      buf += s[i++];
    }
  }
  flush();
  for (const r of out) {
    // *word* is Markdown emphasis the subset does not have: it would show its asterisks on the projector
    const m = r.t === 'text' ? /(^|\s)\*[^*\s](?:[^*]*[^*\s])?\*(?=$|[\s.,;:!?)])/.exec(r.v) : null;
    if (m) throw new TextError(`single-star emphasis ${JSON.stringify(m[0].trim())}: use **strong** (a lone * is fine)`);
  }
  return out;
}

/** Narration → [{type: 'p', runs}, {type: 'ul', items: [runs, ...]}]; throws TextError on a bad marker. */
export function parseText(text) {
  if (typeof text !== 'string' || !text.trim()) throw new TextError('empty text');
  const blocks = [];
  for (const para of text.replace(/\r\n?/g, '\n').trim().split(/\n[ \t]*\n/)) {
    const lines = para.split('\n').map((l) => l.trim());
    if (lines.every((l) => l.startsWith('- '))) {
      blocks.push({ type: 'ul', items: lines.map((l) => parseInline(l.slice(2).trim())) });
    } else if (lines.some((l) => l.startsWith('- '))) {
      throw new TextError('a list must be a paragraph of its own (a blank line before and after it)');
    } else {
      blocks.push({ type: 'p', runs: parseInline(lines.join(' ')) });
    }
  }
  return blocks;
}

/** The narration as one plain string (markers dropped): for a title attribute or a test. */
export function plainText(text) {
  return parseText(text).map((b) => (b.type === 'p' ? b.runs.map((r) => r.v).join('') : b.items.map((it) => `• ${it.map((r) => r.v).join('')}`).join('\n'))).join('\n\n');
}
