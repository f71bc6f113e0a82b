// views/dynamic-words.js — the dynamic-shapes panel's words: a traced node as the expression it computes
// ("(x·2).sum() > 0"), a guard as a sentence ("… was True at trace time"), the core's "%5" / "bool(%5)" in its
// messages replaced by that expression, and lists cut to "… N more". Pure (no DOM): unit-tested under Node.

import { formatNumber } from '../format.js';
import { t } from '../i18n/i18n.js';

/** The first `max` items joined, then "… N more" for the rest. */
export function moreList(items, max = 8, sep = ', ') {
  const a = Array.isArray(items) ? items : [];
  const head = a.slice(0, max).join(sep);
  return a.length > max ? `${head}${sep}${t('dynamic.more', { n: a.length - max })}` : head;
}

// binary ops written infix; mul as "·" without spaces, as the issue and the course write "(x·2)"
const INFIX = { add: ' + ', sub: ' − ', mul: '·', div: ' / ', gt: ' > ', lt: ' < ' };

/**
 * The expression node `id` of a traced graph computes, in the program's own notation: nodes is the core's
 * [id, op, inputs, attrs, shape, name] list. expr(nodes, 5) for the branch program → "(x·2).sum() > 0".
 * An infix operand that is itself infix is parenthesised, and so is any infix receiver of a method (.sum()).
 */
export function expr(nodes, id) {
  const byId = new Map((nodes || []).map((n) => [n[0], n]));
  const go = (i, d) => {
    const n = byId.get(i);
    if (!n) return `%${i}`;
    if (d > 12) return '…';
    const [, op, ins = [], attrs = {}, , name] = n;
    if (op === 'input' || op === 'param') return name || `%${i}`;
    if (op === 'const') return typeof (attrs || {}).value === 'number' ? formatNumber(attrs.value) : 'c';
    const wrapped = (k) => {
      const c = byId.get(ins[k]);
      const t = go(ins[k], d + 1);
      return c && INFIX[c[1]] ? `(${t})` : t;
    };
    if (INFIX[op] && ins.length === 2) return `${wrapped(0)}${INFIX[op]}${wrapped(1)}`;
    if ((op === 'sum' || op === 'max') && ins.length === 1) return `${wrapped(0)}.${op}()`;
    if (op === 'neg') return `−${wrapped(0)}`;
    return `${op}(${ins.map((x) => go(x, d + 1)).join(', ')})`;
  };
  return go(id, 0);
}

const pyBool = (v) => (v === true ? 'True' : v === false ? 'False' : String(v));

/** A guard {kind, node, value} in words, with the expression from its graph's nodes. */
export function guardInWords(g, nodes) {
  if (!g || typeof g !== 'object') return String(g);
  const what = typeof g.node === 'number' ? expr(nodes, g.node) : '?';
  if (g.kind === 'value') return t('dynamic.guard.value', { what, value: pyBool(g.value) });
  if (g.kind === 'shape') return t('dynamic.guard.shape', { what, shape: (g.value || []).join(', ') });
  return `${g.kind}: ${what} = ${JSON.stringify(g.value)}`;
}

/** "%5" and "bool(%5)" in the core's messages → the expression (nodes: any trace of the same program). */
export function nodesInWords(text, nodes) {
  if (!nodes) return String(text);
  return String(text).replace(/\(node %(\d+)\)/g, (_, i) => `(at ${expr(nodes, Number(i))})`)
    .replace(/bool\(%(\d+)\)/g, (_, i) => `bool(${expr(nodes, Number(i))})`)
    .replace(/%(\d+)/g, (_, i) => expr(nodes, Number(i)));
}


// the core's step log (c/src/demos/branch_demo.c), one sentence per event: [pattern, message key, its fields]
const STEPS = [
  [/^call (\d+) (.+?): graph (\d+)'s guard fails \((.*)\)$/, 'dynamic.step.fails', ['call', 'x', 'g', 'guards']],
  [/^call (\d+) (.+?): trace \((\w+)\) fails: TraceError$/, 'dynamic.step.traceerror', ['call', 'x', 'mode']],
  [/^call (\d+) (.+?): (no cached graph fits|cache empty) → trace \((\w+)\) → graph (\d+), (\d+) ops, (.*)$/, 'dynamic.step.traced', ['call', 'x', 'why', 'mode', 'g', 'ops', 'guards']],
  [/^call (\d+) (.+?): graph (\d+) reused \((.*)\)$/, 'dynamic.step.reused', ['call', 'x', 'g', 'guards']],
  [/^call (\d+) (.+?): lazy: ran (\d+) graphs \(ops (.*?)\): graph break at bool\(\)$/, 'dynamic.step.lazy', ['call', 'x', 'n', 'ops']],
];
const WHY = { 'no cached graph fits': 'dynamic.step.miss', 'cache empty': 'dynamic.step.empty' };

/**
 * One sentence of the core's step log as {key, vars, mode, guards}: the message to say it with, its plain
 * fields, and its code (the front end's name, the guards as the Python expression, null for "no guards"); null
 * for a sentence the lab does not know (shown as the core said it).
 */
export function stepParts(text) {
  for (const [re, key, names] of STEPS) {
    const m = re.exec(String(text));
    if (!m) continue;
    const f = Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));
    const { mode = null, guards, why, ...vars } = f;
    if (why) vars.why = t(WHY[why]);
    return { key, vars, mode, guards: guards === undefined || guards === 'no guards' ? null : guards };
  }
  return null;
}
