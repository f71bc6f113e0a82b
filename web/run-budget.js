// run-budget.js — whether the core will run a configuration numerically, known before asking it: the core
// refuses a run whose float64 values exceed its budget (limits.run_bytes; the lab sends none, so the default,
// meta.run_bytes.default), counted on shapes (c/src/io/case_run.c check_budget). The shape-only analysis says
// how much a run would hold (lab_run_footprint, c/src/io/lab_facts.c); this phrases the refusal for the lab.
// Pure module (no DOM): tests/web/run-budget.test.js checks it against the core.

import { fmtShape } from './ops.js';
import { formatBytes as fmtBytes } from './format.js';

/** The core's default run budget in bytes (meta.run_bytes.default), or null without a meta. */
export function runBudget(meta) {
  const b = meta && meta.run_bytes && meta.run_bytes.default;
  return typeof b === 'number' && b > 0 ? b : null;
}

/** The bytes of float64 values a numeric run of this analysis result needs, as the core's budget counts them:
 *  {bytes, stage, node: [id, op, shape]} (the core's lab_run_footprint, emit.lab), or null without it. */
export function runFootprint(result) {
  return (result && result.lab_run_footprint) || null;
}

/** Why the core would refuse to run this result's configuration, phrased for the lab, or null. */
export function refuseReason(result, budget) {
  if (!budget) return null;
  const fp = runFootprint(result);
  if (!fp || !(fp.bytes > budget)) return null;
  const cfg = result.config || {};
  const tokens = cfg.mode === 'decode' ? 'S (the KV-cache length)' : 'T (the prompt tokens)';
  const layers = cfg.layers > 1 ? ', the layer count' : '';
  const at = fp.node ? ` (the largest: %${fp.node[0]} ${fp.node[1]} of shape ${fmtShape(fp.node[2])})` : '';
  return `Not run: this configuration needs ${fmtBytes(fp.bytes)} of float64 values at stage ${fp.stage}${at}, ` +
    `over the core's run budget of ${fmtBytes(budget)}. Lower ${tokens} or d (or f, the heads${layers}) — ` +
    'the small preset runs in milliseconds.';
}
