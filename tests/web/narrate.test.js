// Unit tests of web/narrate.js: the caption of every pass of the golden fixtures, from the provenance the
// native CLI gives (build/graphlab case tests/fixtures/<name>.json), against hand-written captions.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { narrate, nodeText } from '../../web/narrate.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = path.join(REPO, 'build', 'graphlab');

const decode = (g) => g.nodes.map(([id, op, inputs, attrs, , name]) => ({ id, op, inputs: inputs || [], attrs: attrs || {}, name: name || '' }));

/** The captions of every pass of a fixture, run by the native core. */
function captions(fixture) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  const r = JSON.parse(execFileSync(NATIVE, ['case', path.join(REPO, 'tests', 'fixtures', fixture), '--compact'], { maxBuffer: 1 << 28 }).toString());
  const gk = Object.keys(r.graphs);
  return r.provenance.map((p, i) => ({ prov: p, cap: narrate(p.pass, decode(r.graphs[gk[i]]), decode(r.graphs[gk[i + 1]]), p) }));
}

describe('captions of the small prefill layer', () => {
  const c = captions('small_prefill.json');
  it('one per pass, in pipeline order', () => {
    expect(c.map((x) => x.cap.pass)).toEqual(['match_attention', 'decompose', 'cse', 'constant_fold', 'simplify', 'fold_norm_weight']);
  });
  it('match_attention names the chain it replaced and the call that replaced it', () => {
    expect(c[0].cap.headline).toBe('match_attention replaced transpose → matmul → mul → add → softmax → matmul by flash_attn(q, k, v, mask)');
    expect(c[0].cap.changes).toEqual([{ how: 'replaced', ids: [34], from: [33, 34, 35, 36, 38, 39, 40], text: 'replaced transpose → matmul → mul → add → softmax → matmul by flash_attn(q, k, v, mask) (%34)' }]);
    expect(c[0].cap.rule).toMatch(/^Finds matmul\(Q, Kᵀ\).*flash_attn node\.$/);
  });
  it('decompose counts composites and primitives', () => {
    expect(c[1].cap.headline).toBe('decompose expanded 3 composites into 21 primitives: rms_norm %10 → 9 ops; rms_norm %40 → 7 ops; silu %42 → 5 ops');
    expect(c[1].cap.changes[2]).toEqual({ how: 'expanded', ids: [56, 57, 58, 59, 60], from: [42], text: 'expanded silu %42 into neg, exp, const, add, div' });
  });
  it('cse names what it merged into what', () => {
    expect(c[2].cap.headline).toBe('cse merged 2 nodes: %34 = const into %28; %37 = const into %31');
    expect(c[2].cap.counts.merged).toBe(2);
  });
  it('constant_fold and simplify say why they had nothing to do', () => {
    expect(c[3].cap.headline).toBe('constant_fold: nothing to fold — every input is an activation');
    expect(c[4].cap.headline).toBe('simplify: nothing to simplify — no x·1, x + 0, −(−x) or cancelling transposes');
    expect(c[3].cap.changes).toEqual([]);
  });
  it('fold_norm_weight names the weights it made', () => {
    expect(c[5].cap.headline).toBe('fold_norm_weight made 5 nodes: wq·diag(attn_norm); wk·diag(attn_norm); wv·diag(attn_norm); …');
    expect(c[5].cap.changes[0].text).toBe('made wq·diag(attn_norm) (%8) from %1 = param attn_norm, %2 = param wq, %18 = mul(%17, %1)');
  });
  it('the counts are the provenance\'s', () => {
    for (const { prov, cap } of c) {
      const kept = Object.values(prov.nodes).filter((v) => v.how === 'kept').length;
      expect(cap.counts.kept).toBe(kept);
    }
  });
});

describe('captions of the decode layers', () => {
  it('decode attention has no mask operand; cse finds nothing', () => {
    const c = captions('small_decode.json');
    expect(c[0].cap.headline).toBe('match_attention replaced transpose → matmul → mul → softmax → matmul by flash_attn(q, k, v)');
    expect(c[2].cap.headline).toBe('cse: nothing to merge — no two nodes compute the same op on the same inputs');
  });
  it('masked decode: no match, so decompose expands the softmax too', () => {
    const c = captions('small_decode_masked.json');
    expect(c[0].cap.headline).toBe('match_attention: no attention pattern it can replace');
    expect(c[1].cap.headline).toBe('decompose expanded 4 composites into 26 primitives: rms_norm %15 → 9 ops; softmax %38 → 5 ops; rms_norm %43 → 7 ops; …');
  });
});

describe('hand-made provenance', () => {
  const before = [
    { id: 0, op: 'input', inputs: [], name: 'x' }, { id: 1, op: 'const', inputs: [], name: '' },
    { id: 2, op: 'mul', inputs: [0, 1], name: '' }, { id: 3, op: 'neg', inputs: [2], name: '' },
  ];
  it('a node no later node comes from is named as removed', () => {
    const after = [{ id: 0, op: 'input', inputs: [], name: 'x' }, { id: 1, op: 'neg', inputs: [0], name: '' }];
    const cap = narrate('simplify', before, after, { pass: 'simplify', nodes: { 0: { how: 'kept', from: [0] }, 1: { how: 'kept', from: [3] } }, removed: [] });
    expect(cap.headline).toBe('simplify removed 2 nodes: %1 = const; %2 = mul(%0, %1)');
    expect(cap.counts.removed).toBe(2);
  });
  it('constant_fold with a foldable node does not claim every input is an activation', () => {
    const b = [{ id: 0, op: 'const', inputs: [] }, { id: 1, op: 'const', inputs: [] }, { id: 2, op: 'add', inputs: [0, 1] }];
    const cap = narrate('constant_fold', b, b, { pass: 'constant_fold', nodes: { 0: { how: 'kept', from: [0] }, 1: { how: 'kept', from: [1] }, 2: { how: 'kept', from: [2] } } });
    expect(cap.headline).toBe('constant_fold: nothing folded');
  });
  it('without provenance: only the node counts', () => {
    expect(narrate('dce', before, before.slice(0, 2), null).headline).toBe('dce: 4 → 2 nodes');
    expect(nodeText(before[2])).toBe('%2 = mul(%0, %1)');
  });
});
