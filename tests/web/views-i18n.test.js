// Unit tests of the graph and chart views' words in both languages (issue 34): the captions narrate.js makes from
// provenance, why.js's sentence for a kernel's start and the kernels panel's plurals, in English (as before the
// catalogue) and in Chinese, with literal expected text. A number and its measure word are joined by a no-break
// space (U+00A0) in Chinese (so are a placeholder and the word after it), written \u00a0 below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { narrate } from '../../web/narrate.js';
import { whySentence } from '../../web/why.js';
import { describe as gloss } from '../../web/glossary.js';
import { setLang, t } from '../../web/i18n/i18n.js';
import { kernelNameText } from '../../web/views/kernels/names.js';
import en from '../../web/i18n/en/views.js';
import zh from '../../web/i18n/zh-CN/views.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = path.join(REPO, 'build', 'graphlab');
const decode = (g) => g.nodes.map(([id, op, inputs, attrs, , name]) => ({ id, op, inputs: inputs || [], attrs: attrs || {}, name: name || '' }));

/** The captions of every pass of a fixture (the native core's provenance), in the language shown now. */
function captions(fixture) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const r = JSON.parse(execFileSync(NATIVE, ['case', path.join(REPO, 'tests', 'fixtures', fixture), '--compact'], { maxBuffer: 1 << 28 }).toString());
  const gk = Object.keys(r.graphs);
  return r.provenance.map((p, i) => narrate(p.pass, decode(r.graphs[gk[i]]), decode(r.graphs[gk[i + 1]]), p));
}

const before = [
  { id: 0, op: 'input', inputs: [], name: 'x' }, { id: 1, op: 'neg', inputs: [0], name: '' }, { id: 2, op: 'neg', inputs: [1], name: '' },
];
const oneRemoved = () => narrate('dce', before, before.slice(0, 2), { pass: 'dce', nodes: { 0: { how: 'kept', from: [0] }, 1: { how: 'kept', from: [1] } } });

describe('the views\' catalogues', () => {
  it('keys of the views only, each prefixed by its view', () => {
    const prefixes = /^(graph|narrate|why|kernels|memory|numerics|present|details)\./;
    for (const k of Object.keys(en)) expect(k, k).toMatch(prefixes);
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });
  it('a pass\'s rule in English is the glossary\'s sentence', () => {
    const rules = Object.keys(en).filter((k) => k.startsWith('narrate.rule.'));
    expect(rules.length).toBe(7);
    for (const k of rules) {
      const g = gloss(k.slice('narrate.rule.'.length));
      expect(en[k]).toBe(`${g[0].toUpperCase()}${g.slice(1)}.`);
    }
  });
  it('the Chinese keeps a number with its measure word: no plain space between a placeholder and a CJK character', () => {
    for (const [k, v] of Object.entries(zh)) expect(v, k).not.toMatch(/\} [\u4e00-\u9fff]/);
  });
});

describe('in English (the text before the catalogue)', () => {
  beforeAll(() => setLang('en'));
  it('captions: one node, several nodes, no provenance', () => {
    expect(oneRemoved().headline).toBe('dce removed 1 node: %2 = neg(%1)');
    expect(narrate('dce', before, before.slice(0, 1), null).headline).toBe('dce: 3 → 1 nodes');
  });
  it('why a kernel starts', () => {
    expect(whySentence({ reason: 'cycle', candidate: 3, saved_bytes: 2048 })).toBe(
      'Could not join kernel #3: another kernel it reads depends on that one, so joining would make a cycle. Joining would have saved 2 KiB (the intermediate\'s write and its re-read).');
    expect(whySentence({ reason: 'eager' })).toBe('Fusion is off (eager): every op is its own kernel.');
  });
  it('plurals of the kernels panel', () => {
    expect(t('kernels.tip.onchip', { n: 1, bytes: '64 B' })).toBe('kept on chip: 1 value, 64 B that eager writes and reads back');
    expect(t('kernels.tip.onchip', { n: 3, bytes: '64 B' })).toBe('kept on chip: 3 values, 64 B that eager writes and reads back');
    expect(t('graph.hits', { n: 1 })).toBe(' · 1 hit');
    expect(t('graph.hits', { n: 0 })).toBe(' · 0 hits');
  });
});

describe('in Chinese', () => {
  beforeAll(() => setLang('zh'));
  afterAll(() => setLang('en'));
  it('captions: one node, no provenance, nothing to do (the pass names stay)', () => {
    expect(oneRemoved().headline).toBe('dce\u00a0这一遍删除了 1\u00a0个节点：%2 = neg(%1)');
    expect(oneRemoved().changes[0].text).toBe('删除了 %2 = neg(%1)');
    expect(narrate('dce', before, before.slice(0, 1), null).headline).toBe('dce：3 → 1\u00a0个节点');
    expect(narrate('dce', before, before, null).headline).toBe('dce：3\u00a0个节点，与之前相同');
  });
  it('captions of the small prefill layer, from the native core\'s provenance', () => {
    const c = captions('small_prefill.json');
    expect(c[0].headline).toBe('match_attention\u00a0这一遍把 transpose → matmul → mul → add → softmax → matmul\u00a0替换为 flash_attn(q, k, v, mask)');
    expect(c[1].headline).toBe('decompose\u00a0这一遍将 3\u00a0个复合算子展开为 21\u00a0个基本算子：rms_norm %10 → 9\u00a0个算子；rms_norm %40 → 7\u00a0个算子；silu %42 → 5\u00a0个算子');
    expect(c[1].changes[2].text).toBe('将 silu %42\u00a0展开为 neg, exp, const, add, div');
    expect(c[2].headline).toBe('cse\u00a0这一遍合并了 2\u00a0个节点：%34 = const\u00a0并入 %28；%37 = const\u00a0并入 %31');
    expect(c[3].headline).toBe('constant_fold\u00a0这一遍：无可折叠 —— 每个输入都是激活值');
    expect(c[2].rule).toBe('公共子表达式消除：算子、输入和属性都相同的两个节点合并为一个。');
  });
  it('why a kernel starts', () => {
    expect(whySentence({ reason: 'cycle', candidate: 3, saved_bytes: 2048 })).toBe(
      '无法并入内核 #3：它读取的另一个内核依赖于那个内核，并入会形成环。并入本可节省 2 KiB（中间结果的一次写入和一次读回）。');
    expect(whySentence({ reason: 'special' })).toBe('单独成为一个内核：matmul、flash_attn 和 kv_write 总是如此。');
    expect(whySentence({ reason: 'mystery' })).toBe('开始一个新内核（mystery）。');
  });
  it('plurals: Chinese has one form', () => {
    expect(t('kernels.tip.onchip', { n: 1, bytes: '64 B' })).toBe('留在片上：1\u00a0个值，64 B（eager 下需写回再读出）');
    expect(t('kernels.roof.skipped', { n: 2 })).toBe('2\u00a0个没有 FLOPs 或没有字节的内核（如 kv_write）未画出。');
    expect(t('graph.hits', { n: 1 })).toBe(' · 命中 1\u00a0次');
  });
});

describe('the core\'s kernel names (lab_facts.c), as the page shows them', () => {
  it('English: as the core wrote them', () => {
    expect(kernelNameText('L3 O projection + residual + x² (next RMSNorm)', 'en')).toBe('L3 O projection + residual + x² (next RMSNorm)');
  });
  it('Chinese: the words in Chinese, the code and the layer as they are', () => {
    expect(kernelNameText('L3 O projection + residual + x² (next RMSNorm)', 'zh')).toBe('L3 O 投影 + 残差 + x²（供下一个 RMSNorm）');
    expect(kernelNameText('attention scores Q·Kᵀ × scale + mask', 'zh')).toBe('注意力分数 Q·Kᵀ × 缩放 + 掩码');
    expect(kernelNameText('up projection × SiLU(gate)', 'zh')).toBe('up 投影 × SiLU(gate)');
    expect(kernelNameText('attention (flash_attn)', 'zh')).toBe('注意力（flash_attn）');
    expect(kernelNameText('V cache write', 'zh')).toBe('V 缓存写入');
    expect(kernelNameText('O proj.', 'zh')).toBe('O 投影');
    expect(kernelNameText('scores Q·Kᵀ', 'zh')).toBe('分数 Q·Kᵀ');
    expect(kernelNameText('MLP RMSNorm', 'zh')).toBe('MLP RMSNorm');
  });
});
