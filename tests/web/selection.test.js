// Unit tests of web/selection.js on the small prefill layer as the native CLI runs it
// (build/graphlab case tests/fixtures/small_prefill.json). The expected ids, kernels and buffers are
// hand-written from that result: its provenance (what each pass kept, merged, replaced), fused.kernels and
// memory.lifetimes.
import { describe, it, expect } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildStages } from '../../web/model.js';
import { parseHash, serializeHash, defaultState, withPatch } from '../../web/state.js';
import { KEY_RE, resolve, removedText, originOf, keyOf, kernelIndex, bufferOf, stepKey, lastNode } from '../../web/selection.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVE = path.join(REPO, 'build', 'graphlab');

function run(fixture) {
  if (!fs.existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run make`);
  return JSON.parse(execFileSync(NATIVE, ['case', path.join(REPO, 'tests', 'fixtures', fixture), '--compact'], { maxBuffer: 1 << 28 }).toString());
}

describe('selection on the small prefill layer', () => {
  const r = run('small_prefill.json');
  const stages = buildStages(r);
  // stages: 0 trace, 1 match_attention, 2 decompose, 3 cse, 4 constant_fold, 5 simplify, 6 fold_norm_weight

  it('the trace node %45 (the attention residual add) is kept to the end, renumbered 45 → 39 → 47 → 45 → 43', () => {
    const key = keyOf(stages, 0, 45);
    expect(key).toBe('n45');
    expect(KEY_RE.test(key)).toBe(true);
    expect([0, 1, 2, 3, 4, 5, 6].map((s) => resolve(stages, key, s).node.id)).toEqual([45, 39, 47, 45, 45, 45, 43]);
    expect(resolve(stages, key, 6).node.op).toBe('add');
    expect(resolve(stages, key, 6).node.shape).toEqual([12, 64]);
    expect(originOf(stages, key)).toEqual({ stage: 0, pass: 'trace', how: 'traced', from: [] });
  });

  it('its fused kernel is #5 (matmul+add+mul: nodes 42, 43, 44) and its buffer lives from kernel 5 to 9', () => {
    expect(kernelIndex(r, stages, 'n45')).toBe(5);
    expect(bufferOf(r, stages, 'n45')).toEqual({ nid: 43, bytes: 1536, start: 5, end: 9 });
  });

  it('a node fused inside a kernel has a kernel but no buffer (trace %44, the O projection: last-stage %42)', () => {
    expect(lastNode(stages, 'n44').id).toBe(42);
    expect(kernelIndex(r, stages, 'n44')).toBe(5);
    expect(bufferOf(r, stages, 'n44')).toBe(null);
  });

  it('a weight is in no kernel', () => {
    expect(lastNode(stages, 'n5').op).toBe('param');
    expect(kernelIndex(r, stages, 'n5')).toBe(null);
  });

  it('the softmax (trace %39) is removed by match_attention: replaced by %34 (flash_attn)', () => {
    const at = resolve(stages, 'n39', 1);
    expect(at.status).toBe('removed');
    expect(at.stage).toBe(1);
    expect(at.how).toBe('replaced');
    expect(at.into.map((n) => n.id)).toEqual([34]);
    expect(removedText(at)).toBe('removed by match_attention: replaced by %34 (flash_attn)');
    // still "removed by match_attention" at every later stage
    expect(removedText(resolve(stages, 'n39', 6))).toBe('removed by match_attention: replaced by %34 (flash_attn)');
  });

  it('the RoPE const decompose %34 is removed by cse: merged into %28', () => {
    const key = keyOf(stages, 2, 34);
    expect(key).toBe('n26');
    expect(resolve(stages, key, 3).status).toBe('removed');
    expect(removedText(resolve(stages, key, 3))).toBe('removed by cse: merged into %28');
  });

  it('rms_norm (trace %10) is expanded by decompose into its primitives', () => {
    const at = resolve(stages, 'n10', 2);
    expect(at.how).toBe('expanded');
    expect(at.into.map((n) => n.id)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(removedText(at)).toBe('removed by decompose: expanded into %10, %11, %12, %13 … (9)');
  });

  it('a node a pass makes: created by that pass, not yet there before it', () => {
    const key = keyOf(stages, 1, 34);
    expect(key).toBe('s1n34');
    expect(originOf(stages, key)).toEqual({ stage: 1, pass: 'match_attention', how: 'replaced', from: [33, 34, 35, 36, 38, 39, 40] });
    expect(resolve(stages, key, 0)).toEqual({ status: 'later', stage: 1, pass: 'match_attention' });
    expect(resolve(stages, key, 1).node.op).toBe('flash_attn');
  });

  it('↑/↓ move by line (node order); unknown and empty selections', () => {
    expect(stepKey(stages, 0, 'n45', 1)).toBe('n46');
    expect(stepKey(stages, 0, 'n45', -1)).toBe('n44');
    expect(stepKey(stages, 0, 'n52', 1)).toBe('n52');
    expect(stepKey(stages, 0, null, 1)).toBe('n0');
    expect(resolve(stages, null, 0)).toEqual({ status: 'none' });
    expect(resolve(stages, 'n9999', 0)).toEqual({ status: 'none' });
    expect(keyOf(stages, 0, 9999)).toBe(null);
  });

  it('the hash form of keys', () => {
    for (const k of ['n0', 'n45', 's1n34', 's12n7']) expect(KEY_RE.test(k)).toBe(true);
    for (const k of ['', 'n', 'x1', 'n-1', 's1', 's123n1', 'n1 ', 'N1']) expect(KEY_RE.test(k)).toBe(false);
  });
});

describe('the sel hash key (state.js)', () => {
  it('round-trips a stable key and is left out when nothing is selected', () => {
    const st = withPatch(defaultState(), { sel: 's3n45' });
    expect(serializeHash(st).endsWith('&sel=s3n45')).toBe(true);
    expect(parseHash('#' + serializeHash(st)).state.sel).toBe('s3n45');
    expect(serializeHash(defaultState())).not.toMatch(/sel=/);
    expect(parseHash('#sel=').state.sel).toBe(null);
    expect(parseHash('#d=64').state.sel).toBe(null);
  });
  it('drops a malformed key on its own, keeping the rest', () => {
    for (const bad of ['x1', 'n', 'n-1', 's1', 's123n4', 'n12345678', 'n1%20', '%3Cb%3E']) {
      const r = parseHash(`#d=32&sel=${bad}`);
      expect(r.state.sel).toBe(null);
      expect(r.state.cfg.d).toBe(32);
      expect(r.dropped).toHaveLength(1);
      expect(r.dropped[0].why).toMatch(/^sel=.*: not a node key$/);
    }
    expect(parseHash('#sel=n1&sel=n2').dropped[0].why).toBe('"sel" given twice');
  });
});

// issue 36: small literal cases a plausible slip gets wrong (hand-made stages, no CLI)
describe('selection on hand-made stages', () => {
  const node = (id, key, extra = {}) => ({ id, key, op: 'add', ...extra });
  const stage = (index, name, nodes) => ({ index, name, nodes, byKey: new Map(nodes.map((n) => [n.key, n])) });
  const stages = [
    stage(0, 'trace', [node(0, 'n0'), node(1, 'n1'), node(2, 'n2')]),
    stage(1, 'cse', [node(0, 'n0', { how: 'kept', from: [0] }), node(1, 'n2', { how: 'merged', from: [1, 2] })]),
  ];
  it('the first fused kernel and the first buffer are found like any other', () => {
    const r = { fused: { kernels: [{ nodes: [0] }, { nodes: [1] }] }, memory: { lifetimes: [[64, 0, 1, 0], [32, 1, 2, 1]] } };
    expect(kernelIndex(r, stages, 'n0')).toBe(0);
    expect(kernelIndex(r, stages, 'n2')).toBe(1);
    expect(bufferOf(r, stages, 'n0')).toEqual({ nid: 0, bytes: 64, start: 0, end: 1 });
    expect(kernelIndex(r, stages, 'n1')).toBe(null);
  });
  it('a node the first pass merged away is found in the trace', () => {
    const at = resolve(stages, 'n1', 1);
    expect(at.status).toBe('removed');
    expect(at.stage).toBe(1);
    expect(at.how).toBe('merged');
    expect(removedText(at)).toBe('removed by cse: merged into %1');
    expect(resolve(stages, 'n1', 9).status).toBe('removed');      // a stage past the end is the last
    expect(resolve(stages, 'n0', -3)).toEqual({ status: 'here', node: stages[0].nodes[0] });
  });
  it('lists of up to four are written out; longer ones elided', () => {
    const into = (k) => Array.from({ length: k }, (_, i) => ({ id: i + 1, op: 'mul' }));
    expect(removedText({ pass: 'cse', how: 'merged', into: into(4) })).toBe('removed by cse: merged into %1, %2, %3, %4');
    expect(removedText({ pass: 'cse', how: 'merged', into: into(5) })).toBe('removed by cse: merged into %1, %2, %3, %4 … (5)');
    expect(removedText({ pass: 'p', how: 'replaced', into: into(2) })).toBe('removed by p: replaced by %1, %2 (mul)');
    expect(removedText({ pass: 'p', how: 'folded', into: into(1) })).toBe('removed by p: folded as %1');
    expect(removedText({ pass: 'dce', how: 'removed', into: [] })).toBe('removed by dce: nothing uses it any more');
  });
  it('↑/↓ stop at the first and last line', () => {
    expect(stepKey(stages, 0, 'n2', 1)).toBe('n2');
    expect(stepKey(stages, 0, 'n0', -1)).toBe('n0');
    expect(stepKey(stages, 0, 'n1', 1)).toBe('n2');
    expect(stepKey(stages, 0, null, -1)).toBe('n2');
  });
});
