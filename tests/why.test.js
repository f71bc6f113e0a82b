// why.test.js — every fused and eager kernel of every golden case (tests/fixtures/, tests/golden/) carries
// `why` (docs/CASES.md): a reason from the fixed vocabulary, a candidate that is an earlier kernel the first
// node reads from (null for eager / no_fusible_producer / a special op), and saved_bytes = the write plus the
// re-read of what the first node reads from that candidate (shapes from the golden's final graph, or the
// CLI's where a golden has no graphs). Native and
// WASI print the same `why`. Also: web/why.js says one sentence for each reason.
// Build first: `make native wasi`.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

import { referenceCaseFiles, runCli } from './helpers/compare.js';
import { WHY_REASONS, whySentence } from '../web/why.js';

const VOCAB = ['special', 'no_fusible_producer', 'reduce_axis', 'epilogue', 'iteration_shape', 'cycle', 'eager'];
const SPECIAL_OPS = new Set(['matmul', 'flash_attn', 'kv_write']);
const VIEWS = new Set(['reshape', 'transpose']);

const numel = (shape, bind) => shape.reduce((a, d) => a * (typeof d === 'string' ? bind[d] : d), 1);

/** Problems with one kernel list's `why`s against the golden's final graph (nodes as [id, op, inputs, attrs, shape, name]). */
function checkWhy(kernels, nodes, bind, elemBytes, eager) {
  const out = [];
  const kof = new Map();
  kernels.forEach((k, i) => k.nodes.forEach((n) => kof.set(n, i)));
  const base = (i) => { while (VIEWS.has(nodes[i][1])) i = nodes[i][2][0]; return i; };
  kernels.forEach((k, i) => {
    const w = k.why;
    const p = `kernel ${i} (${k.label})`;
    if (!w || typeof w !== 'object') return out.push(`${p}: no why`);
    if (Object.keys(w).sort().join() !== 'candidate,reason,saved_bytes') out.push(`${p}: keys ${Object.keys(w)}`);
    if (!VOCAB.includes(w.reason)) out.push(`${p}: reason ${w.reason}`);
    if (eager !== (w.reason === 'eager')) out.push(`${p}: reason ${w.reason} in ${eager ? 'eager' : 'fused'}`);
    const first = nodes[k.nodes[0]];
    if (w.candidate === null) {
      if (w.saved_bytes !== 0) out.push(`${p}: saved ${w.saved_bytes} without a candidate`);
      if (w.reason === 'special' && !SPECIAL_OPS.has(first[1])) out.push(`${p}: special without a candidate for ${first[1]}`);
      if (!['eager', 'no_fusible_producer', 'special'].includes(w.reason)) out.push(`${p}: ${w.reason} without a candidate`);
      if (w.reason === 'no_fusible_producer' && first[2].some((x) => kof.has(base(x)))) out.push(`${p}: no_fusible_producer but reads a kernel`);
      return;
    }
    if (!Number.isInteger(w.candidate) || w.candidate < 0 || w.candidate >= i) return out.push(`${p}: candidate ${w.candidate}`);
    const fromCand = [...new Set(first[2].map(base))].filter((b) => kof.get(b) === w.candidate);
    if (!fromCand.length) out.push(`${p}: its first node reads nothing from candidate ${w.candidate}`);
    const saved = fromCand.reduce((a, b) => a + 2 * numel(nodes[b][4], bind) * elemBytes, 0);
    if (saved !== w.saved_bytes) out.push(`${p}: saved_bytes ${w.saved_bytes}, expected ${saved}`);
    if (w.reason === 'epilogue' && kernels[w.candidate].kind !== 'matmul') out.push(`${p}: epilogue against a ${kernels[w.candidate].kind} kernel`);
  });
  return out;
}

const files = referenceCaseFiles();

describe('why on every kernel of every golden case', () => {
  it('has the golden cases', () => expect(files.length).toBeGreaterThanOrEqual(27));

  it.each(files.map((f) => [basename(f, '.json'), f]))('%s', (_name, file) => {
    const golden = JSON.parse(readFileSync(file, 'utf8'));
    const r = runCli('native', ['case', file, '--compact']);
    expect(r.status, r.stderr).toBe(0);
    const res = JSON.parse(r.stdout);
    // the kernels themselves are the reference's (cli-parity checks them); here only why is new
    expect(res.fused.kernels.map((k) => k.nodes)).toEqual(golden.fused.kernels.map((k) => k.nodes));
    // shapes from the golden's final graph; the few goldens without graphs: the CLI's (cli-parity checks them elsewhere)
    const graphs = golden.graphs || res.graphs;
    const stages = Object.keys(graphs);
    const nodes = graphs[stages[stages.length - 1]].nodes;
    expect(checkWhy(res.fused.kernels, nodes, golden.bind || {}, golden.elem_bytes, false)).toEqual([]);
    expect(checkWhy(res.eager.kernels, nodes, golden.bind || {}, golden.elem_bytes, true)).toEqual([]);
    // every golden layer starts with an RMSNorm reading only x and a weight, and has matmul epilogues
    expect(res.fused.kernels[0].why).toEqual({ reason: 'no_fusible_producer', candidate: null, saved_bytes: 0 });
    expect(res.fused.kernels.some((k) => k.why.reason === 'epilogue')).toBe(true);
  });

  it('WASI prints the same why as native', () => {
    const file = files.find((f) => basename(f) === 'small_decode_masked.json');
    const why = (kind) => {
      const r = runCli(kind, ['case', file, '--compact']);
      expect(r.status, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout);
      return [j.fused.kernels.map((k) => k.why), j.eager.kernels.map((k) => k.why)];
    };
    expect(why('wasi')).toEqual(why('native'));
  });
});

describe('web/why.js', () => {
  it('knows the core\'s vocabulary', () => expect(WHY_REASONS).toEqual(VOCAB));

  it('says one sentence per reason, with the candidate and the bytes', () => {
    const s = (reason, candidate = null, saved = 0) => whySentence({ reason, candidate, saved_bytes: saved });
    expect(s('eager')).toBe('Fusion is off (eager): every op is its own kernel.');
    expect(s('special')).toBe('Starts its own kernel: matmul, flash_attn and kv_write always do.');
    expect(s('no_fusible_producer')).toMatch(/^Starts a kernel: every input is a weight/);
    expect(s('epilogue', 3, 1536)).toBe('Could not join kernel #3: a matmul epilogue takes only pointwise ops of the same size, and no reduction. ' +
      'Joining would have saved 1.5 KiB (the intermediate\'s write and its re-read).');
    expect(s('cycle', 0, 128)).toMatch(/^Could not join kernel #0: .*cycle\. Joining would have saved 128 B/);
    expect(s('reduce_axis', 1, 64)).toMatch(/^Could not join kernel #1: a reduction over another axis/);
    expect(s('iteration_shape', 2, 64)).toMatch(/^Could not join kernel #2: its shape/);
    expect(s('special', 4, 64)).toMatch(/^Could not join kernel #4: an attention or KV-write kernel/);
    expect(whySentence({ reason: 'cycle', candidate: 2, saved_bytes: 8 }, (i) => `#${i} QKV`)).toMatch(/^Could not join kernel #2 QKV:/);
    expect(whySentence(undefined)).toBe('');
  });
});
