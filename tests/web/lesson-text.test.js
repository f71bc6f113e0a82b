// lesson-text.test.js — web/lessons/text.js, the narration's Markdown subset, at its edges (issue 36: the
// survivors of make mutate-web): error positions, the single-star rule only on text runs and at a word's
// edges, paragraphs split on blank lines (with spaces, lone \r), list lines and items trimmed, plainText's
// items. Every expectation written by hand from the module's comment.
import { describe, expect, it } from 'vitest';

import { parseInline, parseText, plainText, TextError } from '../../web/lessons/text.js';

describe('parseInline', () => {
  it('names the 1-based column of an unclosed marker', () => {
    expect(() => parseInline('a `b')).toThrow('an unclosed ` at 3');
    expect(() => parseInline('ab **c')).toThrow('an unclosed ** at 4');
  });
  it('refuses *emphasis* at the start, at the end, of one letter, before a space', () => {
    for (const s of ['*a* b', 'x *a* y', 'x *ab*', 'x *ab* y', 'x *ab*.']) {
      expect(() => parseInline(s), s).toThrow(TextError);
    }
  });
  it('leaves stars in code and strong runs, and a lone star, alone', () => {
    expect(parseInline('`*a*`')).toEqual([{ t: 'code', v: '*a*' }]);
    expect(parseInline('**x *a* y**')).toEqual([{ t: 'strong', v: 'x *a* y' }]);
    expect(parseInline('2 * 3')).toEqual([{ t: 'text', v: '2 * 3' }]);
  });
});

describe('parseText', () => {
  it('refuses what is not a non-empty string as a TextError', () => {
    expect(() => parseText(42)).toThrow(TextError);
    expect(() => parseText(' \n ')).toThrow('empty text');
  });
  it('ignores blank lines around the text', () => {
    expect(parseText('\n\nabc\n\n')).toEqual([{ type: 'p', runs: [{ t: 'text', v: 'abc' }] }]);
  });
  it('splits paragraphs on a blank line, with spaces in it, or on lone \\r line ends', () => {
    const two = [{ type: 'p', runs: [{ t: 'text', v: 'a' }] }, { type: 'p', runs: [{ t: 'text', v: 'b' }] }];
    expect(parseText('a\n \t\nb')).toEqual(two);
    expect(parseText('a\r\rb')).toEqual(two);
    expect(parseText('a\r\n\r\nb')).toEqual(two);
    expect(parseText('a\nb')).toEqual([{ type: 'p', runs: [{ t: 'text', v: 'a b' }] }]);
  });
  it('reads indented list lines and trims each item', () => {
    expect(parseText('a\n\n  - x\n  -  y ')).toEqual([
      { type: 'p', runs: [{ t: 'text', v: 'a' }] },
      { type: 'ul', items: [[{ t: 'text', v: 'x' }], [{ t: 'text', v: 'y' }]] },
    ]);
  });
});

describe('plainText', () => {
  it('joins an item\'s runs with nothing between them', () => {
    expect(plainText('- **a** b\n- `c`')).toBe('• a b\n• c');
    expect(plainText('p **q**\n\n- r')).toBe('p q\n\n• r');
  });
});
