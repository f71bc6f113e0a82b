// web/glossary.js: a one-line description for every pass the lab can run (state.js PASS_NAMES), every kernel
// kind the reference's fixtures contain (eager and fused, prefill and decode), the columns' jargon the issue
// names ("hits", "rowwise", "roofline time"), and the dynamic panel's front ends and strategies; in English and
// in Chinese (web/i18n/en/glossary.js, zh-CN/glossary.js), the page's language choosing.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GLOSSARY, describe as describeTerm, explain } from '../../web/glossary.js';
import { PASS_NAMES } from '../../web/state.js';
import { setLang } from '../../web/i18n/i18n.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixture = (n) => JSON.parse(fs.readFileSync(path.join(REPO, 'tests', 'fixtures', `${n}.json`), 'utf8'));

describe('glossary', () => {
  const kinds = new Set();
  for (const n of ['small_prefill', 'small_decode', 'small_decode_masked']) {
    const f = fixture(n);
    for (const k of [...f.eager.kernels, ...f.fused.kernels]) kinds.add(k.kind);
  }
  const terms = ['trace', ...PASS_NAMES, ...kinds, 'hits', 'rowwise', 'roofline time',
    'error', 'specialize', 'guard', 'lazy', 'bucket', 'symbolic',
    // the config panel's knobs (its field keys) and modes
    'd', 'H', 'G', 'dh', 'f', 'T', 'S', 'pos0', 'layers', 'prefill', 'decode', 'masked decode', 'element size', 'max |Δ|'];

  it.each(terms)('%s has a one-line description', (t) => {
    const d = describeTerm(t);
    expect(d.length).toBeGreaterThan(20);
    expect(d.length).toBeLessThan(140);
    expect(d).not.toMatch(/\n/);
  });

  it.each(terms)('%s has a one-line description in Chinese too', (t) => {
    const d = describeTerm(t, 'zh');
    expect(d).toMatch(/[\u4e00-\u9fff]/);
    expect(d.length).toBeGreaterThan(6);
    expect(d.length).toBeLessThan(100);
    expect(d).not.toMatch(/\n/);
  });

  it('the page\'s language chooses the words; the English ones stay as they were', () => {
    expect(describeTerm('cse', 'en')).toBe('common-subexpression elimination: two nodes with the same op, inputs and attributes become one');
    expect(describeTerm('cse', 'zh')).toBe('公共子表达式消除：算子、输入和属性都相同的两个节点合并为一个');
    expect(GLOSSARY.cse).toBe(describeTerm('cse', 'en'));
    setLang('zh');
    try { expect(describeTerm('dce')).toBe('死代码消除：删去没有任何输出（或守卫）依赖的节点'); } finally { setLang('en'); }
    expect(describeTerm('dce')).toBe('dead-code elimination: drops nodes no output (or guard) depends on');
  });

  it('the fixtures have the five kernel kinds', () => {
    expect([...kinds].sort()).toEqual(['attention', 'matmul', 'pointwise', 'rowwise', 'write']);
  });

  it('an unknown term (or a prototype name) has none', () => {
    expect(describeTerm('nonsense')).toBe('');
    expect(describeTerm('constructor')).toBe('');
    expect(Object.keys(GLOSSARY).length).toBeGreaterThan(30);
  });

  it('explain: title and one hidden description per term; a language switch rewrites both on the next draw', () => {
    // the least of a DOM explain uses: elements with attributes and children, found by id
    const byId = new Map();
    const element = (tag) => {
      const e = { tag, attrs: {}, kids: [], textContent: '', ownerDocument: doc,
        setAttribute(k, v) { this.attrs[k] = String(v); if (k === 'id') byId.set(String(v), this); },
        getAttribute(k) { return k in this.attrs ? this.attrs[k] : null; },
        append(c) { this.kids.push(c); if (c.id) byId.set(c.id, c); } };
      return e;
    };
    const doc = { createElement: element, getElementById: (id) => byId.get(id) || null };
    doc.body = element('body');
    const a = element('span');
    try {
      explain(a, 'cse');
      expect(a.attrs.title).toBe('cse: common-subexpression elimination: two nodes with the same op, inputs and attributes become one');
      expect(a.attrs['aria-describedby']).toBe('gloss-cse');
      expect(byId.get('gloss-cse').textContent).toBe(GLOSSARY.cse);
      expect(byId.get('glossary-terms').attrs['aria-label']).toBe('glossary');
      setLang('zh');
      const b = explain(element('span'), 'cse');
      expect(b.attrs.title).toBe('cse: 公共子表达式消除：算子、输入和属性都相同的两个节点合并为一个');
      expect(byId.get('gloss-cse').textContent).toBe('公共子表达式消除：算子、输入和属性都相同的两个节点合并为一个');
      expect(byId.get('glossary-terms').kids.length).toBe(1);
      expect(byId.get('glossary-terms').attrs['aria-label']).toBe('术语表');
    } finally {
      setLang('en');
    }
  });
});
