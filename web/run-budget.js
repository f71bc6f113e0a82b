// run-budget.js — whether the core will run a configuration numerically, known before asking it: the core
// refuses a run whose float64 values exceed its budget (limits.run_bytes; the lab sends none, so the default,
// meta.run_bytes.default), counted on shapes (c/src/io/case_run.c check_budget: for each stage's graph, the
// elements of every node × 8). The shape-only analysis result has every stage's graph, so the same count
// comes out of it exactly. Pure module (no DOM): tests/web/run-budget.test.js checks it against the core.

import { fmtShape } from './ops.js';
import { formatBytes as fmtBytes } from './format.js';
import { columnsOf, numelOf, shapeOf } from './model.js';

/** The core's default run budget in bytes (meta.run_bytes.default), or null without a meta. */
export function runBudget(meta) {
  const b = meta && meta.run_bytes && meta.run_bytes.default;
  return typeof b === 'number' && b > 0 ? b : null;
}

/**
 * The bytes of float64 values a numeric run of this analysis result needs, as the core's budget counts them
 * (c/src/io/case_run.c check_budget: for each stage's graph, every node's elements × 8; the largest stage
 * decides): {bytes, stage, node: [id, op, shape]} or null when the result has no graphs.
 */
export function runFootprint(result) {
  const graphs = result && result.graphs;
  // the analysis worker counts it before it drops the graphs (analysis-core.js)
  if (!graphs && result && result.lab_run_footprint) return result.lab_run_footprint;
  if (!graphs || typeof graphs !== 'object') return null;
  return columnsFootprint(columnsOf(result), result.bind || {});
}

/** runFootprint counted on a result's columns (wasm/graphlab.mjs readCaseColumns, model.js columnsOf): one pass
 *  over each stage's shapes, no node object; bind: the result's. null without graphs. */
export function columnsFootprint(cols, bind = {}) {
  let best = null;
  for (const g of cols.graphs) {
    let total = 0;
    let big = -1;
    let bigN = -1;
    for (let i = 0; i < g.n; i++) {
      const n = numelOf(g, i, cols.str, bind);
      total += n;
      if (n > bigN) {
        bigN = n;
        big = i;
      }
    }
    if (!best || total * 8 > best.bytes) best = { bytes: total * 8, stage: g.key, node: big >= 0 ? [big, cols.str(g.op[big]), shapeOf(g, big, cols.str)] : null };
  }
  return best;
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
