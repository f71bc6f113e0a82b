// pypass-case.test.js — issue 31, "every panel follows": a pass written in Python runs inside a case's pipeline
// (case key "pypass", c/src/io/case_run.c), and the whole result — every stage's graph, the passes' hits,
// the provenance the lab animates (recovered by matching the graphs, c/src/passes/prov_match.c), blocks,
// kernels, memory plans, outputs — is what the built-in pass gives.
//   - each lecture pass (section 9 of graph_lab.py, verbatim) in place of the C pass of its name, on every golden
//     case: the case's JSON equals the plain case's but for timings (so the recovered provenance equals the one
//     the C pass records);
//   - dce inserted where the default pipeline has none, and a pass of one's own inserted after the trace;
//   - the case key is validated strictly (unknown keys, a name not in the pipeline, not an identifier), and an
//     error in the pass names its line; a pass returning a broken graph is refused by the verifier.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { GOLDEN, referenceCaseFiles, requireBinary, runCli } from './helpers/compare.js';

const LECTURE = readFileSync(join(GOLDEN, 'pypass', 'lecture_passes.py'), 'utf8');
const PASSES = ['cse', 'constant_fold', 'simplify', 'decompose', 'fold_norm_weight', 'match_attention'];
const RESULT_KEYS = ['passes', 'graphs', 'eager', 'fused', 'memory', 'outputs', 'provenance', 'timing_ms'];

requireBinary('native');

function caseOf(file) {
  const c = JSON.parse(readFileSync(file, 'utf8'));
  for (const k of RESULT_KEYS) delete c[k];
  return c;
}

function run(c) {
  const r = runCli('native', ['case', '-', '--compact'], { input: JSON.stringify(c) });
  return r.status === 0 ? { ok: true, out: JSON.parse(r.stdout) } : { ok: false, err: r.stderr };
}

const untimed = (o) => {
  const { timing_ms: _t, ...rest } = o;
  return rest;
};

describe('a lecture pass in Python in place of the C pass: the same result, provenance included', () => {
  it.each(referenceCaseFiles().map((f) => [basename(f), f]))('%s', (_name, file) => {
    const base = caseOf(file);
    const plain = run(base);
    expect(plain.ok, plain.err).toBe(true);
    const want = untimed(plain.out);
    const bad = [];
    for (const name of PASSES) {
      const got = run({ ...base, pypass: { source: LECTURE, name } });
      if (!got.ok) {
        bad.push(`${name}: ${got.err}`);
        continue;
      }
      const g = untimed(got.out);
      for (const k of Object.keys(want)) if (JSON.stringify(g[k]) !== JSON.stringify(want[k])) bad.push(`${name}: "${k}" differs`);
    }
    expect(bad).toEqual([]);
  });
});

describe('a Python pass where the pipeline has none', () => {
  const file = join(GOLDEN, 'golden_prefill_d40_h4_g2_dh10_T6_x2.json');

  it('dce inserted after the trace: the stage "dce", the rest as the C pipeline with dce', () => {
    const base = caseOf(file);
    const pipeline = ['dce', 'cse', 'constant_fold', 'simplify', 'decompose', 'fold_norm_weight', 'match_attention'];
    const c = run({ ...base, pipeline });
    const py = run({ ...base, pipeline, pypass: { source: LECTURE, name: 'dce' } });
    expect(c.ok && py.ok, `${c.err} ${py.err}`).toBe(true);
    expect(py.out.passes.map((p) => p.name)).toEqual(['trace', ...pipeline]);
    expect(untimed(py.out)).toEqual(untimed(c.out));
  });

  it('a pass of one\'s own (transpose pairs cancelled) after the trace: its hits, kept nodes kept', () => {
    const src = readFileSync(join(GOLDEN, 'pypass', 'div_by_const.py'), 'utf8');
    const base = caseOf(join(GOLDEN, 'golden_prefill_d32_h4_g4_dh12_T5_mha.json'));
    const out = run({ ...base, pipeline: ['div_by_const', 'cse'], pypass: { source: src, name: 'div_by_const' } });
    expect(out.ok, out.err).toBe(true);
    const stage = out.out.passes[1];
    expect(stage.name).toBe('div_by_const');
    // the trace of the lecture's layer divides nowhere by a const: nothing to rewrite, every node kept
    expect(stage.hits).toBe(0);
    const prov = out.out.provenance[0];
    expect(prov.pass).toBe('div_by_const');
    const hows = new Set(Object.values(prov.nodes).map((n) => n.how));
    expect([...hows]).toEqual(['kept']);
  });
});

describe('the pypass key is validated; a failing pass is the case\'s error', () => {
  const base = caseOf(join(GOLDEN, 'golden_prefill_d32_h4_g4_dh12_T5_mha.json'));
  const err = (c) => {
    const r = run(c);
    expect(r.ok).toBe(false);
    return r.err;
  };

  it('names what is wrong', () => {
    expect(err({ ...base, pypass: { source: LECTURE, name: 'cse', extra: 1 } })).toMatch(/pypass has an unknown key "extra"/);
    expect(err({ ...base, pypass: { source: LECTURE, name: 'dce' } })).toMatch(/pypass.name "dce" is not in the pipeline/);
    expect(err({ ...base, pypass: { source: LECTURE, name: 'c se' } })).toMatch(/pypass.name must be a Python identifier, got "c se"/);
    expect(err({ ...base, pypass: { name: 'cse' } })).toMatch(/pypass.source must be a string/);
    expect(err({ ...base, pypass: 'cse' })).toMatch(/pypass must be an object/);
  });

  it('an exception in the pass: pass.py:LINE:COL', () => {
    const src = 'def cse(g):\n    x = 1\n    return g.nodes[10 ** 6]\n';
    expect(err({ ...base, pypass: { source: src, name: 'cse' } })).toMatch(/pipeline\[\d+\] \(cse\): pass\.py:3:12: IndexError: list index out of range/);
  });

  it('a pass returning a graph out of SSA order: refused, naming the node', () => {
    const src = readFileSync(join(GOLDEN, 'pypass', 'ssa_order.py'), 'utf8');
    const name = /^def ([a-z_]+)/m.exec(src)[1];
    expect(err({ ...base, pipeline: [name], pypass: { source: src, name } })).toMatch(/SSA order: %15 = add\(%22, %16\) uses %22, which is defined later/);
  });
});
