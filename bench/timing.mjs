// timing.mjs — the small helpers bench/pipeline.mjs and bench/module_case.mjs share: a millisecond clock,
// a child process timed from spawn to exit, and how each kind of ratio is computed and labelled.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';

export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** Runs a command to its end; {stdout, stderr, wall}: wall is spawn to exit (process start-up included). */
export function run(cmd, args, { input, env } = {}) {
  const t0 = nowMs();
  const r = spawnSync(cmd, args, { input, env: env ?? process.env, maxBuffer: 1 << 30, encoding: 'utf8' });
  const wall = nowMs() - t0;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 400)}`);
  return { stdout: r.stdout, stderr: r.stderr, wall };
}

export const min = (xs) => Math.min(...xs);

/** Warm = the best of the computations after the first in one process; cold = the first one. */
export function coldWarm(totals) {
  return { cold: totals[0], warm: min(totals.slice(1)) };
}

/** The ratios printed, each named by what it sets against what (reference time / ours). */
export const RATIOS = {
  'warm-vs-warm': (ref, ours) => ref.warm / ours.warm,
  'cold-vs-cold': (ref, ours) => ref.cold / ours.cold,
  'first-vs-warm': (ref, ours) => ref.warm / ours.cold,     // our first computation against the reference warm
  'start-vs-start': (ref, ours) => ref.start / ours.start,  // a fresh process's first result, start-up included
};

export const x = (r) => (Number.isFinite(r) ? `${r.toFixed(1)}x` : '-');
export const ms = (v, p = 3) => (Number.isFinite(v) ? v.toFixed(p) : '-');
export const load = () => loadavg().map((v) => v.toFixed(2)).join(' ');
