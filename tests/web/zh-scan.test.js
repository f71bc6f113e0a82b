// zh-scan.test.js — web/i18n/scan.js: which words of a page's text runs are English outside code, identifiers,
// units and the allowed list (issue 34's zh-CN page scan; the page itself is tests/e2e/zh-scan.test.js).
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';

import { englishWords } from '../../web/i18n/scan.js';

const ALLOWED = JSON.parse(fs.readFileSync(new URL('../e2e/zh-allowed.json', import.meta.url), 'utf8'));

describe('englishWords', () => {
  it('finds English words in Chinese text, each once, sorted', () => {
    expect(englishWords([{ text: '分析用时 3 ms · bind T=12' }, { text: 'copy link' }, { text: '再 copy 一次' }], ALLOWED))
      .toEqual(['bind', 'copy', 'link']);
  });
  it('skips runs in code, and identifiers, symbols, numbers and units in words', () => {
    expect(englishWords([
      { text: 'the core said so', code: true },
      { text: 'd（模型宽度）H G dh pos0 bf16 fp32 Llama-3-8B match_attention compiled.c LayerCfg print() 的输出 (x·2).sum() > 0' },
      { text: '矩阵乘 989 TFLOP/s，带宽 3.35 TB/s，启动 4 µs，用时 1.2 ms' },
    ], ALLOWED)).toEqual([]);
  });
  it('allows the listed words (any case, hyphenated parts) and phrases, nothing more', () => {
    expect(englishWords([{ text: '动态形状与 graph break · Pass 即代码 · 内核与 roofline · 数值（WASM worker）' }], ALLOWED)).toEqual([]);
    expect(englishWords([{ text: 'graph breaks: a graph' }], ALLOWED)).toEqual(['breaks', 'graph']);
    expect(englishWords([{ text: "the pass's output" }], ALLOWED)).toEqual(['output', 'the']);
  });
  it('a label cut by an ellipsis is the allowed word it begins, and only that', () => {
    expect(englishWords([{ text: '#5 O 投影 + 残差 + x²（供下一个 RMSN… 使用）' }], ALLOWED)).toEqual([]);
    expect(englishWords([{ text: '下一个 Rmsx… 和 RMSN' }], ALLOWED)).toEqual(['RMSN', 'Rmsx']);
  });
  it('without an allowed list every word counts', () => {
    expect(englishWords([{ text: 'Small 与 Llama' }])).toEqual(['Llama', 'Small']);
  });
});

describe('keepUnits', () => {
  it('on the Chinese page a number keeps its unit (U+00A0); the English page is unchanged', async () => {
    const { setLang } = await import('../../web/i18n/i18n.js');
    const { keepUnits } = await import('../../web/i18n/words.js');
    try {
      setLang('zh');
      expect(keepUnits('带宽 3.35 TB/s，启动 4 µs，3 个')).toBe('带宽 3.35\u00a0TB/s，启动 4\u00a0µs，3\u00a0个');
      expect(keepUnits('T=12 d=64')).toBe('T=12 d=64');
      setLang('en');
      expect(keepUnits('3.35 TB/s, 4 µs')).toBe('3.35 TB/s, 4 µs');
    } finally {
      setLang('en');
    }
  });
});

describe('rangeWords (the config fields\' range checks in the page\'s language)', () => {
  it('says state.js\'s reasons in Chinese, and in English as they were', async () => {
    const { rangeWords } = await import('../../web/views/config/range-words.js');
    expect(rangeWords('out of range 0…1, 0 excluded', 'zh')).toBe('超出范围 0…1（不含 0）');
    expect(rangeWords('out of range 0…1000000, 0 and 1000000 excluded', 'zh')).toBe('超出范围 0…1000000（不含 0 和 1000000）');
    expect(rangeWords('out of range 1…8192', 'zh')).toBe('超出范围 1…8192');
    expect(rangeWords('not a whole number', 'zh')).toBe('不是整数');
    expect(rangeWords('empty', 'zh')).toBe('为空');
    expect(rangeWords('out of range 0…1, 0 excluded', 'en')).toBe('out of range 0…1, 0 excluded');
    expect(rangeWords('something else', 'zh')).toBe('something else');
  });
});
