// i18n.test.js — the catalogues (web/i18n/en.js, zh-CN.js) and the message format (i18n.js), issue 34: every
// key in both languages with the same placeholders, every panel of the table named in both, the plural and
// placeholder forms, the language chosen from the link, the stored choice and the browser, and the IR's
// Chinese words in English on the English page.
import { describe, expect, it } from 'vitest';

import en from '../../web/i18n/en.js';
import zh from '../../web/i18n/zh-CN.js';
import { detectLang, format, irDisplay, placeholders, t } from '../../web/i18n/i18n.js';
import { PANEL_TABLE } from '../../web/panels.js';

describe('the catalogues', () => {
  it('hold the same keys, each with the same placeholders, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const k of Object.keys(en)) {
      expect(placeholders(zh[k]), k).toEqual(placeholders(en[k]));
      expect(en[k].trim(), k).not.toBe('');
      expect(zh[k].trim(), k).not.toBe('');
    }
  });
  it('name every panel of the table (title; heading and key hints where the row has them)', () => {
    for (const row of PANEL_TABLE) {
      expect(en[`panel.${row.id}.title`], row.id).toBe(row.title);
      if (row.heading) expect(en[`panel.${row.id}.heading`], row.id).toBe(row.heading);
      if (row.keys) expect(en[`panel.${row.id}.keys`], row.id).toBe(row.keys);
      expect(zh[`panel.${row.id}.title`], row.id).toMatch(/[\u4e00-\u9fff]/);
    }
  });
  it('the Chinese strings are Chinese: each has a CJK character (names like pass, roofline, WASM may stay)', () => {
    for (const [k, v] of Object.entries(zh)) if (!k.startsWith('ir.') || k === 'ir.lines') expect(v, k).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the message format', () => {
  it('fills placeholders and plural arms by the language\'s rules', () => {
    expect(t('ir.lines', { n: 1 }, { in: 'en' })).toBe('1 line');
    expect(t('ir.lines', { n: 3 }, { in: 'en' })).toBe('3 lines');
    expect(t('ir.lines', { n: 1 }, { in: 'zh' })).toBe('1 行');
    expect(t('help.open', { panel: 'Config' }, { in: 'en' })).toBe('help: Config');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(() => t('no.such.key')).toThrow(/no message "no.such.key"/);
  });
});

describe('which language the page shows', () => {
  it('the link first, then the stored choice, then the browser; English otherwise', () => {
    expect(detectLang('zh', 'en', ['en-US'])).toBe('zh');
    expect(detectLang(null, 'zh', ['en-US'])).toBe('zh');
    expect(detectLang(null, null, ['zh-CN', 'en'])).toBe('zh');
    expect(detectLang(null, null, ['zh-TW'])).toBe('zh');
    expect(detectLang(null, null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(detectLang(null, 'xx', ['de'])).toBe('en');
  });
});

describe('the IR text', () => {
  const text = '%0   = input()  : [2×3]  # x\n%1   = const(0.5)  : 标量\n返回 %1';
  it('English page: the reference\'s 标量 and 返回 in English; the Chinese page: as the core printed it', () => {
    expect(text.split('\n').map((l) => irDisplay(l, 'en'))).toEqual(['%0   = input()  : [2×3]  # x', '%1   = const(0.5)  : scalar', 'return %1']);
    expect(text.split('\n').map((l) => irDisplay(l, 'zh'))).toEqual(text.split('\n'));
  });
});
