// kernel-names.test.js — the core's kernel names (c/src/io/lab_facts.c: `graphlab case` with emit.lab, the
// lab_kernels the page shows) on the reference's own cases (tests/fixtures, tests/golden: prefill, decode, masked
// decode, stacks, fp32): the names the docs promise for the small layers (hand-written here), a distinct
// meaningful name for every kernel within a layer, and the written / on-chip split of each kernel against the
// reference's `writes` bytes.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildStages } from '../../web/model.js';
import { nativeModule } from '../helpers/native-module.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = (rel) => JSON.parse(fs.readFileSync(path.join(REPO, rel), 'utf8'));
// every reference case that carries its graphs (the rest have only the kernels, nothing to name them from)
const CASES = [
  ...fs.readdirSync(path.join(REPO, 'tests', 'fixtures')).map((f) => `tests/fixtures/${f}`),
  ...fs.readdirSync(path.join(REPO, 'tests', 'golden')).filter((f) => f.endsWith('.json')).map((f) => `tests/golden/${f}`),
].filter((rel) => load(rel).graphs);

const gl = nativeModule();
function described(rel) {
  const r = gl.runCase({ ...load(rel), emit: { lab: true } });
  const stages = buildStages(r);
  const last = stages[stages.length - 1];
  return { r, last, d: r.lab_kernels };
}
// a value's bytes: its elements (a symbol's from bind) × the element size
const valueBytes = (node, eb, bind) => node.shape.reduce((a, d) => a * (typeof d === 'number' ? d : bind[d]), eb);

const MEANINGFUL = /^(L\d+ )?(attention RMSNorm|MLP RMSNorm|final RMSNorm|attention softmax|attention \(flash_attn\)|[KV] cache write|(Q|K|V|O|gate|up|down) projection|attention scores Q·Kᵀ|attention output P·V)/;

describe('kernel names', () => {
  it('the small prefill layer: the names of docs/panels/kernels.md', () => {
    expect(described('tests/fixtures/small_prefill.json').d.map((k) => k.name)).toEqual([
      'attention RMSNorm', 'Q projection + RoPE', 'K projection + RoPE', 'V projection', 'attention (flash_attn)',
      'O projection + residual + x² (next RMSNorm)', 'MLP RMSNorm', 'gate projection + SiLU', 'up projection × SiLU(gate)',
      'down projection + residual',
    ]);
  });
  it('decode writes the caches; masked decode has its attention unmatched', () => {
    expect(described('tests/fixtures/small_decode.json').d.map((k) => k.name).slice(3, 7)).toEqual([
      'V projection', 'K cache write', 'V cache write', 'attention (flash_attn)',
    ]);
    expect(described('tests/fixtures/small_decode_masked.json').d.map((k) => k.name).slice(6, 9)).toEqual([
      'attention scores Q·Kᵀ × scale + mask', 'attention softmax', 'attention output P·V',
    ]);
  });
  it('a stack: each kernel named with its layer, the next layer\'s RMSNorm in that layer', () => {
    const { d } = described('tests/fixtures/llama8b_prefill_128_x4.json');
    expect(d[9].name).toBe('L0 down projection + residual + x² (next RMSNorm)');
    expect(d[10].name).toBe('L1 attention RMSNorm');
    expect(d[10].layer).toBe(1);
    expect(d[39].name).toBe('L3 down projection + residual');
  });
  it('the chart\'s short names: no layer, the first part, "proj."', () => {
    expect(described('tests/fixtures/small_prefill.json').d.map((k) => k.short)).toEqual([
      'attention RMSNorm', 'Q proj.', 'K proj.', 'V proj.', 'flash_attn', 'O proj.', 'MLP RMSNorm', 'gate proj.', 'up proj.', 'down proj.',
    ]);
    expect(described('tests/fixtures/small_decode_masked.json').d.map((k) => k.short).slice(6, 9)).toEqual(['scores Q·Kᵀ', 'softmax', 'P·V']);
    expect(described('tests/fixtures/llama8b_prefill_128_x4.json').d[10].short).toBe('attention RMSNorm');
  });
  it('the op label stays as the detail', () => {
    expect(described('tests/fixtures/small_prefill.json').d[1].detail).toBe('matmul: matmul+mul+rot_pairs+add');
  });
  it.each(CASES)('%s: every kernel a distinct, meaningful name within its layer', (rel) => {
    const { r, d } = described(rel);
    expect(d).toHaveLength(r.fused.kernels.length);
    for (const k of d) expect(k.name).toMatch(MEANINGFUL);
    const byLayer = new Map();
    for (const k of d) byLayer.set(k.layer, [...(byLayer.get(k.layer) || []), k.name]);
    for (const names of byLayer.values()) expect(new Set(names).size).toBe(names.length);
    for (const k of d) expect(k.name).not.toMatch(/\(\d+\)$/);   // distinct by what they contain, not by a counter
  });
});

describe('written back vs kept on chip', () => {
  it.each(CASES)('%s: the values a kernel writes add up to the reference\'s writes', (rel) => {
    const { r, last, d } = described(rel);
    r.fused.kernels.forEach((k, i) => {
      expect([...d[i].written, ...d[i].onChip].sort((a, b) => a - b)).toEqual([...k.nodes].sort((a, b) => a - b));
      if (k.kind === 'write') return;       // kv_write writes one row into the cache, not its whole shape
      const bytes = d[i].written.reduce((s, id) => s + valueBytes(last.nodes[id], r.elem_bytes, r.bind), 0);
      expect(bytes).toBe(k.writes);
    });
  });
  it('RMSNorm keeps x², the row sums and rsqrt on chip and writes the normalised rows', () => {
    const { last, d } = described('tests/fixtures/small_prefill.json');
    expect(d[0].onChip.map((id) => last.nodes[id].op)).toEqual(['mul', 'sum', 'mul', 'add', 'rsqrt']);
    expect(d[0].written.map((id) => last.nodes[id].op)).toEqual(['mul']);
    expect(d[3].onChip).toEqual([]);     // a bare matmul saves nothing
  });
});
