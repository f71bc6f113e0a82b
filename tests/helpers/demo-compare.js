// demo-compare.js — the branch and dynamic demos' results (CLI `graphlab branch` / `graphlab dynamic`, or the
// module's branch() / dynamic()) against the reference's goldens in tests/golden/demos/demos.json
// (tools/make-golden.py --demos). Each helper returns a list of mismatch strings (empty = equal).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { diffExact, GOLDEN, relClose } from './compare.js';

export const DEMOS = JSON.parse(readFileSync(join(GOLDEN, 'demos', 'demos.json'), 'utf8'));
export const FRONTENDS = ['error', 'specialize', 'guard', 'lazy'];

/** The CLI arguments and the module's options for one branch scenario. */
export const branchArgs = (sc, fe) => ['branch', '--frontend', fe, '--first', sc.first.join(','),
  '--second', sc.second.join(',')];
export const branchOpts = (sc, fe) => ({ frontend: fe, first: sc.first, second: sc.second });
export const dynamicArgs = (d) => ['dynamic', '--strategy', d.strategy, '--from', String(d.from), '--steps',
  String(d.steps), '--config', d.config];
export const dynamicOpts = (d) => ({ strategy: d.strategy, from: d.from, steps: d.steps, config: d.config });

function vec(actual, expected, path, out) {
  if (!Array.isArray(actual) || actual.length !== expected.length) {
    out.push(`${path}: got ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    return;
  }
  expected.forEach((e, i) => {
    if (!relClose(actual[i], e, 1e-12)) out.push(`${path}[${i}]: got ${actual[i]}, expected ${e}`);
  });
}

const pick = (o, keys) => Object.fromEntries(keys.map((k) => [k, o?.[k]]));
const GRAPH_KEYS = ['call', 'ops', 'nodes', 'outputs', 'input_names'];

/** One `branch` result for front end fe against scenario sc of demos.json. */
export function compareBranch(r, sc, fe) {
  const out = [];
  diffExact(r.first, sc.first, 'first', out);
  diffExact(r.second, sc.second, 'second', out);
  vec(r.outputs?.expected_second, sc.expected_second, 'outputs.expected_second', out);
  const g = sc[fe];
  if (fe === 'error') {
    if (typeof r.error !== 'string' || !r.error) out.push(`error: expected a trace error, got ${JSON.stringify(r.error)}`);
    diffExact([r.graphs, r.graph_list, r.outputs?.first, r.correct_on_second_input], [0, [], null, false],
      '[graphs, graph_list, outputs.first, correct]', out);
    return out;
  }
  if (r.error !== null) out.push(`error: ${JSON.stringify(r.error)}, expected null`);
  const golden = fe === 'lazy' ? g.outputs : g.calls.map((c) => c.output);
  vec(r.outputs?.first, golden[0], 'outputs.first', out);
  vec(r.outputs?.second, golden[1], 'outputs.second', out);
  const correct = golden[1].every((v, i) => relClose(v, sc.expected_second[i], 1e-12));
  diffExact(r.correct_on_second_input, correct, 'correct_on_second_input', out);
  diffExact(r.graphs, g.graphs.length, 'graphs', out);
  diffExact((r.graph_list ?? []).map((x) => pick(x, GRAPH_KEYS)), g.graphs.map((x) => pick(x, GRAPH_KEYS)),
    'graph_list', out);
  if (fe === 'lazy') {
    diffExact(r.lazy, { graphs: g.ops, imports: g.imports }, 'lazy', out);
    return out;
  }
  diffExact((r.graph_list ?? []).map((x) => x.guards), g.graphs.map((x) => x.guards), 'graph_list[].guards', out);
  diffExact(r.guards, g.graphs.flatMap((x) => x.guards), 'guards', out);
  diffExact(r.lazy, null, 'lazy', out);
  // the second call: one "guard fails" step per cached graph whose check_guards is False, then reuse or trace
  const second = (r.steps ?? []).filter((s) => s.startsWith('call 2 '));
  const c2 = g.calls[1];
  const fails = c2.check_guards.flatMap((ok, k) => (ok ? [] : [`graph ${k + 1}'s guard fails`]));
  diffExact(second.filter((s) => s.includes('guard fails')).map((s) => s.match(/graph \d+'s guard fails/)?.[0]), fails,
    'steps (call 2, guard failures)', out);
  const last = second.at(-1) ?? '';
  const want = c2.traced ? `trace (${fe}) → graph ${c2.graph + 1}` : `graph ${c2.graph + 1} reused`;
  if (!last.includes(want)) out.push(`steps: call 2 ends with ${JSON.stringify(last)}, expected "${want}"`);
  return out;
}

/** One `dynamic` result against entry d of demos.json's dynamic list. */
export function compareDynamic(r, d) {
  const out = [];
  const keys = ['strategy', 'from', 'steps', 'config', 'compiles', 'cache_hits', 'guard_failures', 'padded_slots',
    'attention_flops', 'wasted_attention_flops'];
  diffExact(pick(r, keys), pick(d, keys), '', out);
  const stepKeys = ['S', 'P', 'bucket', 'compiled', 'guard_failure', 'graph'];
  diffExact((r.per_step ?? []).map((s) => pick(s, stepKeys)), d.per_step, 'per_step', out);
  diffExact(r.graphs, d.graphs, 'graphs', out);
  return out;
}
