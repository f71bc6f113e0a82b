// memory/plans.js — the memory plans as the core sends them (a case's emit.plans: memory.naive_offsets and
// greedy_order per lifetime, live per kernel step): the view draws these and computes none. Pure (no DOM).

/** {naive, live, order} from a result's memory, or null when one is missing or does not match the n lifetimes. */
export function corePlans(mem, n) {
  const { naive_offsets: naive, live, greedy_order: order } = mem || {};
  const ok = (a, len) => !!a && typeof a.length === 'number' && (len === null || a.length === len);
  if (!ok(naive, n) || !ok(order, n) || !ok(live, null)) return null;
  return { naive: Array.from(naive), live: Array.from(live), order: Array.from(order) };
}
